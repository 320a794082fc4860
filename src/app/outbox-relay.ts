// The worker's outbox relay: every interval, re-dispatch what a crash or an outage left undispatched.
import type { EnvironmentContext } from './environment';

export interface Relay {
  stop(): Promise<void>;
}

export function startOutboxRelay(env: EnvironmentContext, intervalMs: number, graceMs: number): Relay {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => env.outbox.relayOnce(graceMs))
      .catch((error) => console.error(`[${env.environment}] outbox relay failed:`, error));
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
