// The prober: hits a few routes continuously and records each answer with the phase it fell in — steady, during an
// outage (by fault), or recovering (the 20 s after a dependency came back).
import type { ChaosApi } from './chaos-api';
import { sleep } from './chaos-stack';
import type { ChaosLoop, Fault } from './chaos-faults';

export interface ProbeRoute {
  name: string;
  /** What it needs: an outage of one of these is expected to make it answer 503. */
  needs: readonly Fault[];
  expected: number;
  send(api: ChaosApi, n: number): ReturnType<ChaosApi['call']>;
}

export type Phase = 'steady' | 'recovering' | `${Fault} down`;

export interface Probe {
  route: string;
  phase: Phase;
  status: number | 'no answer';
  retryAfter: string | null;
  errorName: string | null;
  at: number;
}

const RECOVERY_MS = 20_000;

export class Prober {
  readonly probes: Probe[] = [];
  private stopping = false;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly api: ChaosApi,
    private readonly chaos: ChaosLoop,
    readonly routes: readonly ProbeRoute[],
  ) {}

  start(): void {
    this.running = Promise.all(this.routes.map((route) => this.loop(route))).then(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** Each route on its own, so that one kept waiting (a retrying Temporal call) does not hold the others up. */
  private async loop(route: ProbeRoute): Promise<void> {
    for (let n = 0; !this.stopping; n++) {
      await this.probe(route, n);
      await sleep(300);
    }
  }

  private async probe(route: ProbeRoute, n: number): Promise<void> {
    const before = this.phase();
    const answer = await route.send(this.api, n);
    const after = this.phase();
    // An outage that began or ended while the request was in flight claims it.
    const phase = before.endsWith('down')
      ? before
      : after.endsWith('down')
        ? after
        : before === 'steady'
          ? after
          : before;
    this.probes.push({
      route: route.name,
      phase,
      status: answer.status,
      retryAfter: answer.headers?.get('retry-after') ?? null,
      errorName: answer.body?.error ?? null,
      at: Date.now(),
    });
  }

  phase(): Phase {
    const now = Date.now();
    const outage = this.chaos.current();
    if (outage) return `${outage.fault} down`;
    const recent = this.chaos.outages.some((o) => o.endedAt !== null && now - o.endedAt < RECOVERY_MS);
    return recent ? 'recovering' : 'steady';
  }
}

/** Per fault: the longest time from the end of one of its outages until a route answered as expected again, and that route. */
export function recoverySeconds(
  probes: readonly Probe[],
  chaos: ChaosLoop,
  routes: readonly ProbeRoute[],
): Partial<Record<Fault, { seconds: number; route: string }>> {
  const worst: Partial<Record<Fault, { seconds: number; route: string }>> = {};
  for (const outage of chaos.outages) {
    if (outage.endedAt === null) continue;
    for (const route of routes) {
      const healthy = probes.find(
        (p) => p.route === route.name && p.at >= outage.endedAt! && p.status === route.expected,
      );
      const seconds = healthy ? (healthy.at - outage.endedAt) / 1000 : Infinity;
      if (seconds >= (worst[outage.fault]?.seconds ?? 0)) worst[outage.fault] = { seconds, route: route.name };
    }
  }
  return worst;
}
