// An order's tax shared across its lines, so that the lines' taxes add up to the order's. Pure.

/**
 * An order's tax shared across its lines in proportion to their amounts (a credit line takes a negative share), by
 * largest remainder: each share cut toward 0, then the units left over one each to the lines whose remainders lie
 * furthest in their direction (the earlier on a tie). The shares add up to `tax` exactly; the first line takes it
 * all when the lines add up to nothing or less.
 */
export function taxPerLine(tax: number, amounts: readonly number[]): number[] {
  const whole = BigInt(amounts.reduce((sum, amount) => sum + amount, 0));
  if (whole <= 0n) return amounts.map((_, i) => (i === 0 ? tax : 0));
  const exact = amounts.map((amount) => BigInt(tax) * BigInt(amount));
  const shares = exact.map((e) => e / whole);
  let left = BigInt(tax) - shares.reduce((sum, share) => sum + share, 0n);
  const step = left < 0n ? -1n : 1n;
  const furthest = exact
    .map((e, i) => ({ i, rest: (e % whole) * step }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of furthest) {
    if (left === 0n) break;
    shares[i]! += step;
    left -= step;
  }
  return shares.map(Number);
}
