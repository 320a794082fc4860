// The grid: blocks that each cross some axes (the others at their defaults), the cells that make no sense with the
// reason, and a seeded sample. The denominator is every cell of every block, so a new enum value adds cells.
import { CURRENCIES, DISCOUNTS, INTERVALS, LIFECYCLES, MODELS, TAXES, TRIALS, cellId, type Cell } from './axes';

type Axis = Exclude<keyof Cell, 'block'>;
const AXES: Record<Axis, readonly string[]> = {
  model: MODELS,
  interval: INTERVALS,
  trial: TRIALS,
  discount: DISCOUNTS,
  tax: TAXES,
  currency: CURRENCIES,
  lifecycle: LIFECYCLES,
};
const DEFAULTS: Record<Axis, string> = {
  model: 'fixed',
  interval: 'month1',
  trial: 'none',
  discount: 'none',
  tax: 'eu_consumer',
  currency: 'usd',
  lifecycle: 'renew3',
};

/** Each block crosses these axes, the others at their defaults or at the block's own (`at`). */
export const BLOCKS: Record<string, { axes: Axis[]; at?: Partial<Record<Axis, string>> }> = {
  pricing: { axes: ['model', 'interval', 'currency'] },
  discounts: { axes: ['model', 'discount', 'currency'] },
  taxes: { axes: ['model', 'tax', 'currency'] },
  lifecycles: { axes: ['lifecycle', 'model', 'currency'] },
  trials: { axes: ['trial', 'interval', 'discount'] },
  journeys: { axes: ['lifecycle', 'discount', 'tax'] },
  schedules: { axes: ['lifecycle', 'interval'] },
  trial_lifecycles: { axes: ['lifecycle', 'trial'] },
  discounted_changes: { axes: ['model', 'discount'], at: { lifecycle: 'upgrade_prorate', currency: 'eur' } },
};

const metered = (c: Cell) => c.model.startsWith('metered_');
const change = (c: Cell) => /^(upgrade|downgrade)_/.test(c.lifecycle);
const refund = (c: Cell) => c.lifecycle.startsWith('refund_');

/** Combinations that make no sense, each with why; the first that matches names the reason. */
const EXCLUSIONS: [string, (c: Cell) => boolean][] = [
  ['a one-time product has no trial', (c) => c.interval === 'one_time' && c.trial !== 'none'],
  ['metered prices are on recurring products only', (c) => c.interval === 'one_time' && metered(c)],
  [
    'a one-time purchase has no subscription to renew, change, pause, cancel or dun',
    (c) => c.interval === 'one_time' && !refund(c) && c.lifecycle !== 'renew3',
  ],
  ['a free price has nothing to discount', (c) => c.model === 'free' && c.discount !== 'none'],
  [
    'nothing was paid for a free price to refund or decline',
    (c) => c.model === 'free' && (refund(c) || c.lifecycle.startsWith('dunning_')),
  ],
  ['nothing is cheaper than free to downgrade to', (c) => c.model === 'free' && c.lifecycle.startsWith('downgrade_')],
  [
    'a pay-what-you-want amount is chosen at a checkout; a plan change has none',
    (c) => c.model === 'custom' && change(c),
  ],
  ['only seat-based prices have seats to change', (c) => c.lifecycle === 'seat_change' && !c.model.startsWith('seat_')],
];

/** Cells that found a bug, run in every sample besides the seeded draw. */
export const REGRESSIONS: Record<string, string> = {
  'fixed/month1/none/none/eu_consumer/usd/upgrade_prorate':
    "a renewal's lines carried no tax: the order's tax was not the sum of its lines' (`taxPerLine`)",
  'custom/month1/none/percentage_forever/eu_consumer/jpy/renew3':
    "a pay-what-you-want checkout took no discount, but its subscription's renewals did",
  'free/month1/none/none/eu_consumer/usd/upgrade_prorate':
    'a free plan upgraded to a paid one was revoked at its first renewal (no card saved) instead of dunned',
  'metered_unit/month1/none/none/eu_consumer/usd/upgrade_prorate':
    "a plan change re-rated the usage before it at the new plan's rates when both priced the same meter",
  'metered_graduated/month1/none/percentage_forever/eu_consumer/eur/upgrade_prorate':
    'the usage a plan change left behind was billed as a proration, out of the discount',
};

export const exclusionOf = (cell: Cell) => EXCLUSIONS.find(([, applies]) => applies(cell))?.[0] ?? null;

/** Every cell of every block, each once (under the first block that makes it). */
export function allCells(): Cell[] {
  const cells = new Map<string, Cell>();
  for (const [block, { axes, at }] of Object.entries(BLOCKS)) {
    let partial: Cell[] = [{ block, ...DEFAULTS, ...at }];
    for (const axis of axes)
      partial = partial.flatMap((cell) => AXES[axis].map((value) => ({ ...cell, [axis]: value })));
    for (const cell of partial) if (!cells.has(cellId(cell))) cells.set(cellId(cell), cell);
  }
  return [...cells.values()];
}

/** A small seeded generator (mulberry32), so that a sample is the same wherever its seed is given. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` cells of `cells` drawn without replacement by `seed`. */
export function sample<T>(cells: T[], size: number, seed: number): T[] {
  const next = random(seed);
  const pool = [...cells];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, size);
}
