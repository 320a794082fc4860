// Pure rules of the catalog: which prices a product may carry, what each price type requires, custom field options.
import type { ValidationIssue } from '../../kernel/errors';
import { isValidPriceAmount, MAX_AMOUNT, normalizeUnitAmount, type SeatTier } from '../../kernel/money';

type Loc = (string | number)[];
const issue = (loc: Loc, msg: string, type = 'value_error'): ValidationIssue => ({ loc, msg, type });

export interface PriceDraft {
  amount_type: 'fixed' | 'free' | 'custom' | 'metered_unit' | 'seat_based';
  price_currency: string;
  price_amount?: number;
  minimum_amount?: number;
  maximum_amount?: number | null;
  preset_amount?: number | null;
  unit_amount?: number | string;
  cap_amount?: number | null;
  meter_id?: string;
  seat_tiers?: {
    seat_tier_type: string;
    tiers: { min_seats: number; max_seats?: number | null; price_per_seat: number }[];
  };
}

const AMOUNT_RULE = `must be 0 or between 50 and ${MAX_AMOUNT} (minor units)`;

/** What one price needs to hold on its own; `loc` points at the price in the request body. */
export function priceIssues(price: PriceDraft, loc: Loc): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const amount = (field: keyof PriceDraft, value: number | null | undefined) => {
    if (value != null && !isValidPriceAmount(value)) issues.push(issue([...loc, field], `${field} ${AMOUNT_RULE}`));
  };
  switch (price.amount_type) {
    case 'fixed':
      amount('price_amount', price.price_amount);
      break;
    case 'custom': {
      amount('minimum_amount', price.minimum_amount);
      amount('maximum_amount', price.maximum_amount);
      amount('preset_amount', price.preset_amount);
      const min = price.minimum_amount ?? 0;
      if (price.maximum_amount != null && price.maximum_amount < min) {
        issues.push(issue([...loc, 'maximum_amount'], 'maximum_amount must not be below minimum_amount'));
      }
      if (
        price.preset_amount != null &&
        (price.preset_amount < min || (price.maximum_amount != null && price.preset_amount > price.maximum_amount))
      ) {
        issues.push(
          issue([...loc, 'preset_amount'], 'preset_amount must lie between minimum_amount and maximum_amount'),
        );
      }
      break;
    }
    case 'metered_unit':
      if (price.unit_amount === undefined || normalizeUnitAmount(price.unit_amount) === null) {
        issues.push(
          issue(
            [...loc, 'unit_amount'],
            `unit_amount must be a positive decimal of at most ${MAX_AMOUNT} with up to 12 decimals`,
          ),
        );
      }
      if (price.cap_amount != null && price.cap_amount > MAX_AMOUNT)
        issues.push(issue([...loc, 'cap_amount'], `cap_amount must be at most ${MAX_AMOUNT}`));
      break;
    case 'seat_based':
      issues.push(...seatTierIssues(price.seat_tiers?.tiers ?? [], [...loc, 'seat_tiers', 'tiers']));
      break;
  }
  return issues;
}

/** Tiers must start at one seat or more, follow each other without gap or overlap, and only the last may be open. */
export function seatTierIssues(
  tiers: readonly { min_seats: number; max_seats?: number | null; price_per_seat: number }[],
  loc: Loc,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  tiers.forEach((tier, i) => {
    const here = [...loc, i];
    const max = tier.max_seats ?? null;
    if (max !== null && max < tier.min_seats)
      issues.push(issue([...here, 'max_seats'], 'max_seats must not be below min_seats'));
    if (max === null && i < tiers.length - 1)
      issues.push(issue([...here, 'max_seats'], 'Only the last tier may be open-ended'));
    if (tier.price_per_seat > MAX_AMOUNT)
      issues.push(issue([...here, 'price_per_seat'], `price_per_seat must be at most ${MAX_AMOUNT}`));
    if (i > 0) {
      const previousMax = tiers[i - 1].max_seats ?? null;
      if (previousMax !== null && tier.min_seats !== previousMax + 1) {
        const problem =
          tier.min_seats <= previousMax ? 'overlaps the previous tier' : 'leaves a gap after the previous tier';
        issues.push(
          issue([...here, 'min_seats'], `min_seats ${tier.min_seats} ${problem} (expected ${previousMax + 1})`),
        );
      }
    }
  });
  return issues;
}

export function normalizedTiers(
  tiers: readonly { min_seats: number; max_seats?: number | null; price_per_seat: number }[],
): SeatTier[] {
  return tiers.map((t) => ({
    min_seats: t.min_seats,
    max_seats: t.max_seats ?? null,
    price_per_seat: t.price_per_seat,
  }));
}

/**
 * Which prices may live together, per currency: one static price — a custom price alone, or a fixed and/or a
 * seat-based price — plus metered prices, at most one per meter. Metered prices need a recurring product.
 */
export function priceSetIssues(
  prices: readonly { amount_type: string; price_currency: string; meter_id?: string | null }[],
  isRecurring: boolean,
  loc: Loc,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const byCurrency = new Map<string, string[]>();
  const meters = new Set<string>();
  prices.forEach((price, i) => {
    const type = price.amount_type === 'free' ? 'fixed' : price.amount_type;
    if (type === 'metered_unit') {
      if (!isRecurring) issues.push(issue([...loc, i, 'amount_type'], 'Metered prices need a recurring product'));
      if (price.meter_id && meters.has(price.meter_id))
        issues.push(issue([...loc, i, 'meter_id'], 'Only one price per meter'));
      if (price.meter_id) meters.add(price.meter_id);
      return;
    }
    const seen = byCurrency.get(price.price_currency) ?? [];
    const clash = seen.includes(type) || (type === 'custom' && seen.length > 0) || seen.includes('custom');
    if (clash) {
      issues.push(
        issue(
          [...loc, i, 'amount_type'],
          `A ${type} price cannot be combined with a ${seen.join(' and ')} price in ${price.price_currency}`,
        ),
      );
    }
    byCurrency.set(price.price_currency, [...seen, type]);
  });
  return issues;
}

/**
 * The prices of a product after a create or an update: each `added` price on its own (located after the `kept`
 * ones in the request), metered prices on the organization's meters (`knownMeters`), and the whole set together.
 */
export function priceChangeIssues(
  added: readonly PriceDraft[],
  kept: readonly { amount_type: string; price_currency: string; meter_id?: string | null }[],
  isRecurring: boolean,
  knownMeters: ReadonlySet<string>,
): ValidationIssue[] {
  const issues = added.flatMap((price, i) => priceIssues(price, ['body', 'prices', kept.length + i]));
  added.forEach((price, i) => {
    if (price.amount_type === 'metered_unit' && !knownMeters.has(price.meter_id ?? '')) {
      issues.push(
        issue(['body', 'prices', kept.length + i, 'meter_id'], 'No such meter in this organization.', 'unknown_meter'),
      );
    }
  });
  issues.push(...priceSetIssues([...kept, ...added], isRecurring, ['body', 'prices']));
  return issues;
}

/** Recurring settings only on recurring products; a trial needs both its interval and its count. */
export function intervalIssues(
  input: {
    recurring_interval?: string | null;
    recurring_interval_count?: number | null;
    trial_interval?: string | null;
    trial_interval_count?: number | null;
    meter_interval?: string | null;
  },
  isRecurring: boolean,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const onlyRecurring = (field: string, value: unknown) => {
    if (!isRecurring && value != null)
      issues.push(issue(['body', field], `${field} applies only to recurring products`));
  };
  onlyRecurring('recurring_interval_count', input.recurring_interval_count);
  onlyRecurring('trial_interval', input.trial_interval);
  onlyRecurring('meter_interval', input.meter_interval);
  if ((input.trial_interval == null) !== (input.trial_interval_count == null) && isRecurring) {
    issues.push({
      loc: ['body', input.trial_interval == null ? 'trial_interval' : 'trial_interval_count'],
      msg: 'A trial needs both trial_interval and trial_interval_count',
      type: 'value_error',
    });
  }
  return issues;
}

/**
 * A list filter on rows of a product and an organization (`product_id`, `organization_id` under `alias`): the
 * product's or the organization's name matches the LIKE `pattern` (the portal's order and subscription searches).
 */
export function productOrOrganizationNamed(alias: string, pattern: string): [string, string[]] {
  const product = `(select p.name from product p where p.id = ${alias}.product_id)`;
  const organization = `(select g.name from organization g where g.id = ${alias}.organization_id)`;
  return [`(${product} ilike ? or ${organization} ilike ?)`, [pattern, pattern]];
}
