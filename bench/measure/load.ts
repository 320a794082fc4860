// Operations `concurrency` at a time until `total` have completed: their latencies and completion times (ms from the
// start), and the elapsed seconds.
export interface LoadResult {
  latencies: number[];
  completions: number[];
  seconds: number;
}

export async function runConcurrently(
  total: number,
  concurrency: number,
  operation: () => Promise<unknown>,
): Promise<LoadResult> {
  const result: LoadResult = { latencies: [], completions: [], seconds: 0 };
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        next++;
        const sent = performance.now();
        await operation();
        const done = performance.now();
        result.latencies.push(done - sent);
        result.completions.push(done - started);
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  result.completions.sort((a, b) => a - b);
  return result;
}

/** One at a time: the latencies, sorted. */
export async function oneAtATime(count: number, operation: () => Promise<unknown>): Promise<number[]> {
  return (await runConcurrently(count, 1, operation)).latencies.sort((a, b) => a - b);
}
