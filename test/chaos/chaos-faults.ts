// The chaos loop: at seeded random moments, SIGKILL the worker (and start another), restart the Temporal dev server
// (same port, same SQLite file) or PostgreSQL (`pg_ctlcluster … stop` then `start`), each down for a few seconds.
// It keeps the timeline the prober's answers are judged against.
import type { ChaosStack } from './chaos-stack';
import { sleep } from './chaos-stack';
import type { Random } from './seeded-random';

export const FAULTS = ['worker', 'temporal', 'postgres'] as const;
export type Fault = (typeof FAULTS)[number];

export interface Outage {
  fault: Fault;
  startedAt: number;
  /** When the dependency was back (the worker polling again, the server healthy, PostgreSQL accepting connections). */
  endedAt: number | null;
}

export interface FaultOptions {
  enabled: readonly Fault[];
  /** Seconds between faults. */
  gap: [number, number];
  /** Seconds each stays down. Temporal long enough to outlast the client's own retries (about 20 s) now and then. */
  downtime: Record<Fault, [number, number]>;
  /** At most this many PostgreSQL restarts (they disturb everyone using the machine's cluster). */
  maxPostgresRestarts: number;
}

export class ChaosLoop {
  readonly outages: Outage[] = [];
  private stopping = false;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly stack: ChaosStack,
    private readonly random: Random,
    private readonly options: FaultOptions,
  ) {}

  start(): void {
    this.running = this.loop();
  }

  /** Stops after the fault in progress, with every dependency back. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** The outage in progress, if any. */
  current(): Outage | undefined {
    return this.outages.find((outage) => outage.endedAt === null);
  }

  counts(): Record<Fault, number> {
    return Object.fromEntries(
      FAULTS.map((fault) => [fault, this.outages.filter((o) => o.fault === fault).length]),
    ) as Record<Fault, number>;
  }

  private async loop(): Promise<void> {
    // Each enabled fault happens at least once, in a seeded order; then at random.
    const first = this.random.shuffle([...this.options.enabled]);
    while (!this.stopping) {
      await this.pause(this.random.between(...this.options.gap) * 1000);
      if (this.stopping) return;
      const fault = first.shift() ?? this.pick();
      if (fault) await this.inject(fault);
    }
  }

  private pick(): Fault | undefined {
    const candidates = this.options.enabled.filter(
      (fault) => fault !== 'postgres' || this.counts().postgres < this.options.maxPostgresRestarts,
    );
    // The worker dies most often; the servers less.
    const weighted = candidates.flatMap((fault) => (fault === 'worker' ? [fault, fault, fault] : [fault]));
    return weighted.length ? this.random.pick(weighted) : undefined;
  }

  private async inject(fault: Fault): Promise<void> {
    const outage: Outage = { fault, startedAt: Date.now(), endedAt: null };
    this.outages.push(outage);
    const downMs = this.random.between(...this.options.downtime[fault]) * 1000;
    console.log(`chaos: ${fault} down for ${(downMs / 1000).toFixed(1)} s`);
    if (fault === 'worker') {
      this.stack.killWorker();
      await sleep(downMs);
      await this.stack.startWorker();
    } else if (fault === 'temporal') {
      await this.stack.stopTemporal();
      await sleep(downMs);
      await this.stack.startTemporal();
    } else {
      this.stack.stopPostgres();
      await sleep(downMs);
      await this.stack.startPostgres();
    }
    outage.endedAt = Date.now();
    console.log(`chaos: ${fault} back after ${((outage.endedAt - outage.startedAt) / 1000).toFixed(1)} s`);
  }

  private async pause(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopping && Date.now() < until) await sleep(Math.min(250, until - Date.now()));
  }
}
