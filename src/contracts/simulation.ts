// Shadow billing (`/v1/simulations/`): a draft catalog change run over the affected subscriptions' next cycles through
// the renewal code, once as things stand and once with the draft, and the difference per customer.
import { z } from 'zod';
import { Currency, SeatTierType } from './catalog-common';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { PageQuery } from './query-params';
import { basisPoints, discountAmount, DiscountDuration } from './discount-fields';
import { SeatTierInput } from './price-create';

/** How many cycles a simulation runs each subscription through (its renewals from the current period's end). */
export const MAX_SIMULATION_CYCLES = 24;

const effective = { effective_at: Timestamp };

/** A new price for the product's subscriptions in that currency, from the first renewal on or after `effective_at`. */
export const SimulationPriceChange = z
  .object({
    type: z.literal('price'),
    product_id: Uuid,
    ...effective,
    price: z.discriminatedUnion('amount_type', [
      z.object({ amount_type: z.literal('fixed'), price_currency: Currency.default('usd'), price_amount: z.int32() }),
      z.object({
        amount_type: z.literal('seat_based'),
        price_currency: Currency.default('usd'),
        seat_tiers: z.object({
          seat_tier_type: SeatTierType.default('volume'),
          tiers: z.array(SeatTierInput).min(1).max(50),
        }),
      }),
    ]),
  })
  .meta({ id: 'SimulationPriceChange' });

/** New terms for a discount, from the first renewal on or after `effective_at` (its duration counts as before). */
export const SimulationDiscountChange = z
  .object({
    type: z.literal('discount'),
    discount_id: Uuid,
    ...effective,
    discount_type: z.enum(['fixed', 'percentage']),
    basis_points: basisPoints.nullish(),
    amount: discountAmount.nullish(),
    currency: Currency.default('usd'),
    duration: DiscountDuration,
    duration_in_months: z.int32().min(1).max(999).nullish(),
  })
  .meta({ id: 'SimulationDiscountChange' });

/** A country's (or a US state's, a Canadian province's) tax rate, for renewals whose tax date is on or after `effective_at`. */
export const SimulationTaxRateChange = z
  .object({
    type: z.literal('tax_rate'),
    country: z.string().regex(/^[A-Z]{2}$/, 'An ISO 3166-1 alpha-2 country code'),
    state: z
      .string()
      .regex(/^[A-Z]{2}$/, 'A two-letter state or province code')
      .nullish(),
    ...effective,
    /** The new rate in percent, e.g. 21 or 8.875 (up to 4 decimals). */
    percentage: z.number().min(0).max(100).multipleOf(0.0001),
  })
  .meta({ id: 'SimulationTaxRateChange' });

export const SimulationChange = z.discriminatedUnion('type', [
  SimulationPriceChange,
  SimulationDiscountChange,
  SimulationTaxRateChange,
]);
export type SimulationChange = z.infer<typeof SimulationChange>;

export const SimulationCreate = z
  .object({ change: SimulationChange, cycles: z.int32().min(1).max(MAX_SIMULATION_CYCLES) })
  .meta({ id: 'SimulationCreate' });
export type SimulationCreate = z.infer<typeof SimulationCreate>;

/** Minor units of the currency. */
const Minor = z.int();

/** A currency's figures over the simulated cycles: billed (tax included), revenue (net of tax), and MRR's change. */
const amounts = {
  currency: z.string(),
  old_amount: Minor,
  new_amount: Minor,
  difference: Minor,
  old_revenue: Minor,
  new_revenue: Minor,
  /** The monthly recurring revenue at the end of the cycles: with the draft less as things stand. */
  monthly_revenue_change: Minor,
};

export const SimulationStatus = z.enum(['running', 'succeeded', 'failed']);

/** What one currency's subscriptions bill over the simulated cycles, as things stand and with the draft. */
export const SimulationTotal = z.object({ ...amounts, subscriptions: z.int32(), customers: z.int32() });

/** One calendar month's revenue (net of tax) of the renewals starting in it, per currency. */
export const SimulationMonth = z.object({
  month: z.string(),
  currency: z.string(),
  old_revenue: Minor,
  new_revenue: Minor,
  difference: Minor,
});

export const Simulation = z
  .object({
    id: Uuid,
    organization_id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    status: SimulationStatus,
    cycles: z.int32(),
    change: SimulationChange,
    progress: z.object({ done: z.int32(), total: z.int32().nullable() }),
    totals: z.array(SimulationTotal),
    months: z.array(SimulationMonth),
    finished_at: Timestamp.nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'Simulation' });
export type Simulation = z.infer<typeof Simulation>;

export const SimulationListQuery = z.object({ ...PageQuery });
export const SimulationList = ListResource(Simulation);

/** One renewal's order: its lines, discount, net, tax and total. */
export const SimulationBill = z.object({
  lines: z.array(z.object({ label: z.string(), amount: Minor })),
  discount_amount: Minor,
  net_amount: Minor,
  tax_amount: Minor,
  total_amount: Minor,
});
export type SimulationBill = z.infer<typeof SimulationBill>;

export const SimulationCycle = z.object({
  period_start: Timestamp,
  period_end: Timestamp,
  old: SimulationBill,
  new: SimulationBill,
  difference: Minor,
});
export type SimulationCycle = z.infer<typeof SimulationCycle>;

export const SimulationSubscription = z.object({
  subscription_id: Uuid,
  product_id: Uuid,
  ...amounts,
  cycles: z.array(SimulationCycle),
});
export type SimulationSubscription = z.infer<typeof SimulationSubscription>;

export const SimulationCustomer = z
  .object({ customer_id: Uuid, ...amounts, subscriptions: z.array(SimulationSubscription) })
  .meta({ id: 'SimulationCustomer' });
export type SimulationCustomer = z.infer<typeof SimulationCustomer>;

export const SimulationCustomerQuery = z.object({ ...PageQuery });
export const SimulationCustomerList = ListResource(SimulationCustomer);
