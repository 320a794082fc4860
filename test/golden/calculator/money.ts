// Integer money: every division rounds half-up on the magnitude (so a credit rounds as its charge does).

/** a × num / den, rounded half-up (half away from zero for negative values), exactly. */
export function mulDiv(a: number, num: number | bigint, den: number | bigint): number {
  const n = BigInt(a) * BigInt(num);
  const d = BigInt(den);
  const negative = n < 0n !== d < 0n;
  const [an, ad] = [n < 0n ? -n : n, d < 0n ? -d : d];
  const q = (2n * an + ad) / (2n * ad);
  return Number(negative ? -q : q);
}

const SCALE = 10n ** 12n;

/** A decimal string of minor units (up to 12 decimals) as an exact scaled integer. */
export function decimal(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(12, '0').slice(0, 12));
}

/** units × a decimal rate, rounded once, half-up. */
export function rate(units: number, unitAmount: string): number {
  return mulDiv(units, decimal(unitAmount), SCALE);
}

/**
 * `total` split in proportion to `weights` by largest remainder: each share cut toward 0, the units left over one
 * each to the largest remainders, the earlier on a tie (README "Our additions to tiers", `splitByWeights`).
 */
export function splitByWeights(total: number, weights: number[]): number[] {
  if (total < 0) return splitByWeights(-total, weights).map((share) => -share);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => ({ share: Math.floor((total * w) / sum), rest: (total * w) % sum }));
  let left = total - exact.reduce((a, e) => a + e.share, 0);
  const order = exact.map((e, i) => ({ ...e, i })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    exact[i]!.share += 1;
    left -= 1;
  }
  return exact.map((e) => e.share);
}

/**
 * An order's tax shared across its lines in proportion to their amounts, by largest remainder (README "Renewal":
 * each line's `tax_amount`): each exact share cut toward 0, then the units still owed one each to the lines whose
 * cut-off part was largest in the direction owed (the earlier first). The first line takes it all when the lines add
 * up to nothing or less.
 */
export function taxShares(tax: number, amounts: number[]): number[] {
  const whole = amounts.reduce((a, b) => a + b, 0);
  if (whole <= 0) return amounts.map((_, i) => (i === 0 ? tax : 0));
  const exact = amounts.map((amount) => (tax * amount) / whole);
  const shares = exact.map((e) => Math.trunc(e) || 0); // no −0
  const owed = tax - shares.reduce((a, b) => a + b, 0);
  const direction = Math.sign(owed);
  const byCut = exact
    .map((e, i) => ({ i, cut: (e - shares[i]!) * direction }))
    .sort((a, b) => b.cut - a.cut || a.i - b.i);
  for (const { i } of byCut.slice(0, Math.abs(owed))) shares[i]! += direction;
  return shares;
}
