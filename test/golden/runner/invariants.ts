// What must hold of every cell besides the calculator's figures: each order adds up, refunds never exceed what was
// paid, and a change does what its preview said.
import type { Expected } from '../scenario';
import type { Actual } from './read-back';
import type { Played } from './play-cell';

/** An order, or a preview's bill, as the preview shows one: its lines (without their tax) and amounts. */
const billOf = (o: { items?: any[]; lines?: any[] } & Record<string, any>) => ({
  lines: (o.items ?? o.lines)!
    .map((i) => ({ amount: i.amount, proration: i.proration }))
    .sort((a, b) => a.amount - b.amount || Number(a.proration) - Number(b.proration)),
  subtotal_amount: o.subtotal_amount,
  discount_amount: o.discount_amount,
  net_amount: o.net_amount,
  tax_amount: o.tax_amount,
  total_amount: o.total_amount,
});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every broken law of the cell, in words (empty: all hold). */
export function brokenLaws(played: Played, actual: Actual, expected: Expected): string[] {
  const broken: string[] = [];
  const unequal = (what: string, want: unknown, got: unknown) => {
    if (!same(want, got)) broken.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  for (const [what, want, got] of [
    ['order', expected.orders, actual.orders],
    ['refund', expected.refunds, actual.refunds],
  ] as const)
    for (let n = 0; n < Math.max(want.length, got.length); n++) unequal(`${what} ${n}`, want[n], got[n]);
  unequal('subscription', expected.subscription, actual.subscription);

  for (const [n, o] of actual.raw.entries()) {
    const lines = o.items.reduce((sum: number, i: any) => sum + i.amount, 0);
    if (lines !== o.subtotal_amount) broken.push(`order ${n}: lines add to ${lines}, subtotal ${o.subtotal_amount}`);
    // what the discount leaves is the net (tax added) or the total (tax carved out of it)
    const left = o.subtotal_amount - o.discount_amount;
    if (left !== o.net_amount && left !== o.total_amount) broken.push(`order ${n}: subtotal − discount is ${left}`);
    if (o.net_amount + o.tax_amount !== o.total_amount) broken.push(`order ${n}: net + tax ≠ total`);
    const itemTax = o.items.reduce((sum: number, i: any) => sum + i.tax_amount, 0);
    if (itemTax !== o.tax_amount)
      broken.push(`order ${n}: its lines' tax adds to ${itemTax}, its tax is ${o.tax_amount}`);
    const refunded = actual.refunds.filter((r) => r.order === n);
    const sum = (key: 'amount' | 'tax_amount') => refunded.reduce((total, r) => total + r[key], 0);
    if (o.refunded_amount > o.net_amount || o.refunded_tax_amount > o.tax_amount)
      broken.push(
        `order ${n}: refunded ${o.refunded_amount}+${o.refunded_tax_amount} of ${o.net_amount}+${o.tax_amount}`,
      );
    if (sum('amount') !== o.refunded_amount || sum('tax_amount') !== o.refunded_tax_amount)
      broken.push(
        `order ${n}: its refunds add to ${sum('amount')}+${sum('tax_amount')}, it shows ${o.refunded_amount}`,
      );
  }

  for (const { at, action, preview } of played.previews) {
    const after = actual.raw.filter((o) => o.created_at >= at);
    const charged = after.find((o) => o.created_at === preview.previewed_at);
    const due = preview.due_now ? billOf(preview.due_now) : null;
    unequal(`${action.kind} at ${at}: due now`, due, charged ? billOf(charged) : null);
    const renewal = preview.next_renewal;
    const usage = played.scenario.actions.some((a) => a.kind === 'usage');
    if (renewal && !usage) {
      const renewed = after.find((o) => o.created_at >= renewal.renews_at);
      unequal(`${action.kind} at ${at}: next renewal`, billOf(renewal), renewed && billOf(renewed));
    }
  }
  return broken;
}
