// Which benchmark runs `bench/run-all.ts` starts, in order, with the arguments of a quick pass (--quick: small sizes,
// a few minutes in all) or of the full one (each benchmark's own defaults, the sizes).

export interface BenchRun {
  /** Names the run's results folder and its section of the report, e.g. "subscription-renewals-n1000-w2". */
  id: string;
  /** The benchmark, `bench/<benchmark>.bench.ts`; `./run bench <benchmark>…` selects runs by it. */
  benchmark: string;
  args: string[];
  /** The renewal runs: subscriptions renewing and worker processes, for the renewals/s vs subscriptions plot. */
  renewals?: { subscriptions: number; workers: number };
  /** The same run on the cluster's Temporal server (BENCH_TEMPORAL=cluster), reported beside the dev server's. */
  onCluster?: boolean;
}

export const BENCHMARKS = [
  'checkout',
  'webhook-delivery',
  'subscription-renewals',
  'month-start-burst',
  'list-endpoints',
  'license-key-validate',
  'usage',
  'invoice',
  'metrics',
] as const;

/** Short names accepted on the command line (`./run bench checkout webhook renewals`). */
const ALIASES: Record<string, string> = {
  webhook: 'webhook-delivery',
  renewals: 'subscription-renewals',
  burst: 'month-start-burst',
  list: 'list-endpoints',
  license: 'license-key-validate',
};

const RENEWAL_SIZES = { quick: [200, 500, 1000], full: [1000, 3000, 10_000] };

/** `cluster`: each run once on the dev server, then again on the cluster's server (`<id>-cluster`). */
export function benchPlan(quick: boolean, selected: string[], cluster = false): BenchRun[] {
  const wanted = new Set(selected.map((name) => ALIASES[name] ?? name));
  const unknown = [...wanted].filter((name) => !(BENCHMARKS as readonly string[]).includes(name));
  if (unknown.length)
    throw new Error(
      `unknown benchmark ${unknown.join(', ')}: one of ${BENCHMARKS.join(', ')} (or ${Object.keys(ALIASES).join(', ')})`,
    );
  const sizes = quick ? RENEWAL_SIZES.quick : RENEWAL_SIZES.full;
  const renewal = (subscriptions: number, workers: number): BenchRun => ({
    id: `subscription-renewals-n${subscriptions}-w${workers}`,
    benchmark: 'subscription-renewals',
    args: [String(subscriptions), ...(workers > 1 ? ['--workers', String(workers)] : [])],
    renewals: { subscriptions, workers },
  });
  const runs: BenchRun[] = [
    { id: 'checkout', benchmark: 'checkout', args: quick ? ['30', '100', '10'] : [] },
    { id: 'webhook-delivery', benchmark: 'webhook-delivery', args: quick ? ['100', '400'] : [] },
    ...sizes.map((n) => renewal(n, 1)),
    // Scale-out: the largest size again with a second worker process on the same server and database.
    renewal(sizes.at(-1)!, 2),
    { id: 'month-start-burst', benchmark: 'month-start-burst', args: quick ? ['1000', '60'] : [] },
    { id: 'list-endpoints', benchmark: 'list-endpoints', args: quick ? ['32', '3', '500'] : [] },
    { id: 'license-key-validate', benchmark: 'license-key-validate', args: quick ? ['300', '3', '16'] : [] },
    { id: 'usage', benchmark: 'usage', args: quick ? ['5', '2', '100000', '20'] : [] },
    { id: 'invoice', benchmark: 'invoice', args: quick ? ['50', '10'] : [] },
    { id: 'metrics', benchmark: 'metrics', args: quick ? ['20000', '10'] : [] },
  ];
  const chosen = wanted.size ? runs.filter((run) => wanted.has(run.benchmark)) : runs;
  if (!cluster) return chosen;
  // the twin leaves the renewal plots to the dev server's runs
  return chosen.flatMap((run) => [
    run,
    { id: `${run.id}-cluster`, benchmark: run.benchmark, args: run.args, onCluster: true },
  ]);
}
