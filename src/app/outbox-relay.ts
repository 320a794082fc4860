// The worker's outbox relay: every interval, re-dispatch what a crash or an outage left undispatched.
import type { EnvironmentContext } from './environment';
import { logger } from '../platform/logging/logger';

export interface Relay {
  stop(): Promise<void>;
}

export function startOutboxRelay(env: EnvironmentContext, intervalMs: number, graceMs: number): Relay {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => env.outbox.relayOnce(graceMs))
      .catch((error) => logger().error({ err: error, environment: env.environment }, 'outbox relay failed'));
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
