// Bounded concurrency without a dependency: `lanes` workers take the next item until none is left.

/** Runs `work` on every item, at most `lanes` at a time. */
export async function inParallel<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** `work` on each item one after another (queries on one connection, which must not overlap), results in order. */
export async function inSequence<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}
