// Subscription rules: which lifecycle commands are legal, dunning's retries, renewal lines, the upcoming schedule, update requests and plan changes.
import type { ProductPrice as PriceOutput } from '../../src/contracts/price';
import type { Product as ProductOutput } from '../../src/contracts/product';
import type { ProrationBehavior } from '../../src/contracts/proration-behavior';
import type { SubscriptionUpdate } from '../../src/contracts/subscription-update';
import type { DiscountRule } from '../../src/domains/discount/discount.logic';
import { isUnrecoverableDecline, nextRetryAt } from '../../src/domains/subscription/dunning.logic';
import { planChangeTarget, type CurrentPlan } from '../../src/domains/subscription/plan-change.logic';
import { periodLabel, renewalLines } from '../../src/domains/subscription/renewal-lines.logic';
import { commandRefusal } from '../../src/domains/subscription/subscription-command.logic';
import { commandOf } from '../../src/domains/subscription/subscription-update-command.logic';
import {
  upcomingSchedule,
  type SubscriptionCommand,
  type SubscriptionSchedule,
} from '../../src/domains/subscription/subscription.logic';
import { loadConfig } from '../../src/platform/config';
import type { SubscriptionStatus } from '../../src/domains/subscription/subscription.entity';
import { RequestValidationError, type ValidationIssue } from '../../src/kernel/errors';

/** The schedule Bursar runs when DUNNING_RETRY_DAYS is unset. */
const DEFAULT_DUNNING_DAYS = loadConfig({}).DUNNING_RETRY_DAYS;

const utc = (iso: string) => new Date(iso);

/** The issues of the 422 `run` throws (and fails the test when it throws anything else, or nothing). */
const issuesOf = (run: () => unknown): ValidationIssue[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof RequestValidationError) return error.detail as ValidationIssue[];
    throw error;
  }
  throw new Error('Expected a RequestValidationError');
};

describe('commandRefusal', () => {
  const cancel: SubscriptionCommand = { kind: 'cancel', reason: null, comment: null };
  const revoke: SubscriptionCommand = { kind: 'revoke', reason: 'other', comment: null };
  const change: SubscriptionCommand = { kind: 'change', seats: 2, proration: 'prorate' };
  type Refusal = string | null;

  // command, cancelAtPeriodEnd, refusal while live (trialing, active, past_due), refusal once canceled
  const rules: [SubscriptionCommand, boolean, Refusal, Refusal][] = [
    [cancel, false, null, 'AlreadyCanceledSubscription'],
    [cancel, true, 'AlreadyCanceledSubscription', 'AlreadyCanceledSubscription'],
    [{ kind: 'uncancel' }, false, 'BadRequest', 'ResourceUnavailable'],
    [{ kind: 'uncancel' }, true, null, 'ResourceUnavailable'],
    [revoke, false, null, 'AlreadyCanceledSubscription'],
    [revoke, true, null, 'AlreadyCanceledSubscription'],
    [change, false, null, 'AlreadyCanceledSubscription'],
    [change, true, 'AlreadyCanceledSubscription', 'AlreadyCanceledSubscription'],
    [{ kind: 'clear_pending_update' }, false, null, 'AlreadyCanceledSubscription'],
    [{ kind: 'clear_pending_update' }, true, 'AlreadyCanceledSubscription', 'AlreadyCanceledSubscription'],
  ];
  const statuses: SubscriptionStatus[] = ['trialing', 'active', 'past_due', 'canceled'];
  const cases = rules.flatMap(([command, cancelAtPeriodEnd, live, ended]) =>
    statuses.map(
      (status) => [command.kind, status, cancelAtPeriodEnd, command, status === 'canceled' ? ended : live] as const,
    ),
  );

  test.each(cases)(
    '%s while %s (cancel at period end: %p) → %p',
    (_kind, status, cancelAtPeriodEnd, command, expected) => {
      const refusal = commandRefusal({ status, cancelAtPeriodEnd }, command);
      expect(refusal?.type ?? null).toBe(expected);
      if (refusal) expect(refusal.message).not.toBe('');
    },
  );
});

describe('dunning', () => {
  const FAILED_AT = utc('2025-01-10T12:00:00.000Z');

  test.each([
    // failures so far, days, unrecoverable, next attempt
    [1, DEFAULT_DUNNING_DAYS, false, '2025-01-12T12:00:00.000Z'], // + 2 days
    [2, DEFAULT_DUNNING_DAYS, false, '2025-01-15T12:00:00.000Z'], // + 5 days
    [3, DEFAULT_DUNNING_DAYS, false, '2025-01-17T12:00:00.000Z'], // + 7 days
    [4, DEFAULT_DUNNING_DAYS, false, '2025-01-17T12:00:00.000Z'], // + 7 days
    [5, DEFAULT_DUNNING_DAYS, false, null], // four retries done: give up
    [1, DEFAULT_DUNNING_DAYS, true, null],
    [3, DEFAULT_DUNNING_DAYS, true, null],
    [1, [1, 30], false, '2025-01-11T12:00:00.000Z'],
    [2, [1, 30], false, '2025-02-09T12:00:00.000Z'], // Jan 10 + 30 days
    [3, [1, 30], false, null],
    [1, [], false, null], // no retries configured
  ] as [number, readonly number[], boolean, string | null][])(
    'after %i failure(s) with days %o (unrecoverable: %p): %p',
    (failures, days, unrecoverable, expected) => {
      expect(nextRetryAt(FAILED_AT, failures, days, unrecoverable)?.toISOString() ?? null).toBe(expected);
    },
  );

  test('the default schedule is 2, 5, 7 and 7 days', () => {
    expect(DEFAULT_DUNNING_DAYS).toEqual([2, 5, 7, 7]);
  });

  test.each([
    ['expired_card', true],
    ['lost_card', true],
    ['stolen_card', true],
    ['fraudulent', true],
    ['do_not_honor', true],
    ['incorrect_number', true],
    ['authentication_required', true],
    ['insufficient_funds', false],
    ['card_declined', false],
    ['processing_error', false],
    ['', false],
    ['EXPIRED_CARD', false],
  ])('decline %p unrecoverable: %p', (code, expected) => {
    expect(isUnrecoverableDecline(code)).toBe(expected);
  });
});

describe('renewalLines', () => {
  const period = { start: utc('2025-01-31T00:00:00.000Z'), end: utc('2025-02-28T00:00:00.000Z') };
  const CHARGE = 'Pro — From 2025-01-31 to 2025-02-28';
  const tenPercent: DiscountRule = { type: 'percentage', basis_points: 1000 };
  const halfOff: DiscountRule = { type: 'percentage', basis_points: 5000 };
  type Carried = { label: string; amount: number; priceId: string | null };
  const credit: Carried = { label: 'Remaining time on Basic', amount: -500, priceId: 'price-basic' };
  const debit: Carried = { label: 'Pro (rest of period)', amount: 1500, priceId: 'price-pro' };
  const carriedLine = (amount: number) => ({
    label: 'Credit carried to the next renewal',
    amount,
    priceId: null,
    proration: true,
  });

  test.each([
    // name, price amount, discount, carried, extra lines after the charge, discount amount, carry forward
    ['a plain renewal', 2000, null, [], [], 0, 0],
    ['10 % off', 2000, tenPercent, [], [], 200, 0],
    ['15 % of 9.99, half-up', 999, { type: 'percentage', basis_points: 1500 }, [], [], 150, 0], // 149.85 → 150
    ['a fixed discount in the currency', 2000, { type: 'fixed', amounts: { usd: 500 } }, [], [], 500, 0],
    ['a fixed discount in another currency', 2000, { type: 'fixed', amounts: { eur: 500 } }, [], [], 0, 0],
    ['a fixed discount larger than the charge', 1000, { type: 'fixed', amounts: { usd: 5000 } }, [], [], 1000, 0],
    // The discount applies to the charge only: 10 % of 2000 = 200; net 2000 − 500 + 1500 − 200 = 2800
    [
      'carried prorations',
      2000,
      tenPercent,
      [credit, debit],
      [
        { ...credit, proration: true },
        { ...debit, proration: true },
      ],
      200,
      0,
    ],
    [
      'a credit that exactly covers the charge',
      1000,
      null,
      [{ ...credit, amount: -1000 }],
      [{ ...credit, amount: -1000, proration: true }],
      0,
      0,
    ],
    // 1000 − 2500 = −1500: a line of +1500 brings the renewal to 0 and 1500 is carried on
    [
      'a credit larger than the charge',
      1000,
      null,
      [{ label: 'Credit', amount: -2500, priceId: null }],
      [{ label: 'Credit', amount: -2500, priceId: null, proration: true }, carriedLine(1500)],
      0,
      -1500,
    ],
    // 1000 − 800 − 500 (50 % off) = −300
    [
      'a credit larger than the discounted charge',
      1000,
      halfOff,
      [{ ...credit, amount: -800 }],
      [{ ...credit, amount: -800, proration: true }, carriedLine(300)],
      500,
      -300,
    ],
  ] as [string, number, DiscountRule | null, Carried[], object[], number, number][])(
    '%s',
    (_name, priceAmount, discount, carried, extra, discountAmount, carryForward) => {
      const result = renewalLines({
        productName: 'Pro',
        priceId: 'price-1',
        priceAmount,
        period,
        discount,
        currency: 'usd',
        carried,
      });
      expect(result).toEqual({
        lines: [{ label: CHARGE, amount: priceAmount, priceId: 'price-1', proration: false }, ...extra],
        discountAmount,
        carryForward,
        recurringAmount: priceAmount - discountAmount,
      });
    },
  );
});

test.each([
  ['2025-01-31T00:00:00.000Z', '2025-02-28T00:00:00.000Z', 'From 2025-01-31 to 2025-02-28'],
  ['2024-12-31T23:59:59.999Z', '2025-12-31T23:59:59.999Z', 'From 2024-12-31 to 2025-12-31'],
  // Dates are UTC: 00:30 in Paris on April 1st is still March 31st
  ['2025-04-01T00:30:00+02:00', '2025-05-01T00:30:00+02:00', 'From 2025-03-31 to 2025-04-30'],
])('periodLabel(%s, %s) = %s', (start, end, expected) => {
  expect(periodLabel(utc(start), utc(end))).toBe(expected);
});

describe('upcomingSchedule', () => {
  const monthly31: SubscriptionSchedule = {
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2025-01-31T00:00:00.000Z',
    interval: 'month',
    intervalCount: 1,
    anchorDay: 31,
    dunningDays: [2, 5, 7, 7],
    clockTime: null,
  };
  const RETRY = '2025-02-02T00:00:00.000Z';
  const next = (action: string, at: string | null) => ({ action, at });

  test.each([
    // name, schedule, retry at, expected
    ['not started yet', undefined, null, { status: 'starting', next: next('none', null), renewals: [] }],
    ['not started yet, with a retry', undefined, RETRY, { status: 'starting', next: next('none', null), renewals: [] }],
    [
      'canceled',
      { ...monthly31, status: 'canceled' },
      null,
      { status: 'canceled', next: next('none', null), renewals: [] },
    ],
    [
      'canceled, with a retry left over',
      { ...monthly31, status: 'canceled' },
      RETRY,
      { status: 'canceled', next: next('none', null), renewals: [] },
    ],
    [
      'in dunning',
      { ...monthly31, status: 'past_due' },
      RETRY,
      { status: 'past_due', next: next('retry_payment', RETRY), renewals: [] },
    ],
    [
      'in dunning and set to cancel: the retry comes first',
      { ...monthly31, status: 'past_due', cancelAtPeriodEnd: true },
      RETRY,
      { status: 'past_due', next: next('retry_payment', RETRY), renewals: [] },
    ],
    [
      'set to cancel at period end',
      { ...monthly31, cancelAtPeriodEnd: true },
      null,
      { status: 'active', next: next('end', '2025-01-31T00:00:00.000Z'), renewals: [] },
    ],
    [
      'renewing monthly on the 31st',
      monthly31,
      null,
      {
        status: 'active',
        next: next('renew', '2025-01-31T00:00:00.000Z'),
        renewals: ['2025-01-31T00:00:00.000Z', '2025-02-28T00:00:00.000Z', '2025-03-31T00:00:00.000Z'],
      },
    ],
    [
      'renewing after a trial, leap year',
      { ...monthly31, status: 'trialing', currentPeriodEnd: '2024-01-31T09:30:00.000Z' },
      null,
      {
        status: 'trialing',
        next: next('renew', '2024-01-31T09:30:00.000Z'),
        renewals: ['2024-01-31T09:30:00.000Z', '2024-02-29T09:30:00.000Z', '2024-03-31T09:30:00.000Z'],
      },
    ],
    [
      'every 3 months on the 30th',
      { ...monthly31, currentPeriodEnd: '2024-11-30T00:00:00.000Z', intervalCount: 3, anchorDay: 30 },
      null,
      {
        status: 'active',
        next: next('renew', '2024-11-30T00:00:00.000Z'),
        renewals: ['2024-11-30T00:00:00.000Z', '2025-02-28T00:00:00.000Z', '2025-05-30T00:00:00.000Z'],
      },
    ],
    [
      'yearly on February 29th',
      { ...monthly31, currentPeriodEnd: '2024-02-29T00:00:00.000Z', interval: 'year', anchorDay: 29 },
      null,
      {
        status: 'active',
        next: next('renew', '2024-02-29T00:00:00.000Z'),
        renewals: ['2024-02-29T00:00:00.000Z', '2025-02-28T00:00:00.000Z', '2026-02-28T00:00:00.000Z'],
      },
    ],
    [
      'every 2 weeks',
      { ...monthly31, interval: 'week', intervalCount: 2 },
      null,
      {
        status: 'active',
        next: next('renew', '2025-01-31T00:00:00.000Z'),
        renewals: ['2025-01-31T00:00:00.000Z', '2025-02-14T00:00:00.000Z', '2025-02-28T00:00:00.000Z'],
      },
    ],
  ] as [string, SubscriptionSchedule | undefined, string | null, ReturnType<typeof upcomingSchedule>][])(
    '%s',
    (_name, schedule, retryAt, expected) => {
      expect(upcomingSchedule(schedule, retryAt)).toEqual(expected);
    },
  );
});

describe('commandOf', () => {
  test.each([
    ['revoke', { revoke: true }, { kind: 'revoke', reason: null, comment: null }],
    [
      'revoke with a reason and a comment',
      { revoke: true, customer_cancellation_reason: 'too_expensive', customer_cancellation_comment: 'Too much.' },
      { kind: 'revoke', reason: 'too_expensive', comment: 'Too much.' },
    ],
    ['cancel at period end', { cancel_at_period_end: true }, { kind: 'cancel', reason: null, comment: null }],
    [
      'cancel with a reason',
      { cancel_at_period_end: true, customer_cancellation_reason: 'unused' },
      { kind: 'cancel', reason: 'unused', comment: null },
    ],
    ['uncancel', { cancel_at_period_end: false }, { kind: 'uncancel' }],
    [
      'uncancel ignores a reason',
      { cancel_at_period_end: false, customer_cancellation_reason: 'other' },
      { kind: 'uncancel' },
    ],
    ['clear the pending update', { pending_update: null }, { kind: 'clear_pending_update' }],
    [
      'another product, prorated by default',
      { product_id: 'prod-2' },
      { kind: 'change', productId: 'prod-2', proration: 'prorate' },
    ],
    [
      'another product, as the organization bills changes',
      { product_id: 'prod-2' },
      { kind: 'change', productId: 'prod-2', proration: 'invoice' },
      'invoice',
    ],
    [
      'seats, invoiced now',
      { seats: 5, proration_behavior: 'invoice' },
      { kind: 'change', seats: 5, proration: 'invoice' },
    ],
    [
      'a null proration behaviour is the default',
      { seats: 5, proration_behavior: null },
      { kind: 'change', seats: 5, proration: 'prorate' },
    ],
    ['another discount', { discount_id: 'disc-1' }, { kind: 'change', discountId: 'disc-1', proration: 'prorate' }],
    ['no discount', { discount_id: null }, { kind: 'change', discountId: null, proration: 'prorate' }],
    [
      'product, seats and discount at once',
      { product_id: 'prod-2', seats: 3, discount_id: 'disc-1', proration_behavior: 'next_period' },
      { kind: 'change', productId: 'prod-2', seats: 3, discountId: 'disc-1', proration: 'next_period' },
    ],
  ] as [string, SubscriptionUpdate, SubscriptionCommand, ProrationBehavior?][])(
    '%s',
    (_name, body, expected, organizationDefault = 'prorate') => {
      expect(commandOf(body, organizationDefault)).toEqual(expected);
    },
  );

  test.each([
    ['an empty body', {}, 'Nothing to update.'],
    ['a null product', { product_id: null }, 'Nothing to update.'],
    ['a reason alone', { customer_cancellation_reason: 'other' }, 'Nothing to update.'],
    ['a proration behaviour alone', { proration_behavior: 'invoice' }, 'Nothing to update.'],
    [
      'revoke and cancel',
      { revoke: true, cancel_at_period_end: true },
      'One kind of change per request (got revoke and cancel_at_period_end).',
    ],
    [
      'uncancel and seats',
      { cancel_at_period_end: false, seats: 2 },
      'One kind of change per request (got cancel_at_period_end and product_id, seats or discount_id).',
    ],
    [
      'clear and another product',
      { pending_update: null, product_id: 'prod-2' },
      'One kind of change per request (got pending_update and product_id, seats or discount_id).',
    ],
    [
      'three kinds',
      { revoke: true, pending_update: null, discount_id: null },
      'One kind of change per request (got revoke and pending_update and product_id, seats or discount_id).',
    ],
  ] as [string, SubscriptionUpdate, string][])('%s is refused', (_name, body, message) => {
    expect(issuesOf(() => commandOf(body, 'prorate'))).toEqual([{ loc: ['body'], msg: message, type: 'value_error' }]);
  });
});

describe('planChangeTarget', () => {
  const TIMES = { created_at: '2025-01-01T00:00:00.000Z', modified_at: null };
  const priceBase = (id: string, product_id: string, price_currency: string, is_archived: boolean) => ({
    ...TIMES,
    id,
    product_id,
    price_currency,
    is_archived,
    source: 'catalog' as const,
    tax_behavior: null,
  });
  const fixedPrice = (
    id: string,
    product_id: string,
    price_amount: number,
    currency = 'usd',
    archived = false,
  ): PriceOutput => ({
    ...priceBase(id, product_id, currency, archived),
    amount_type: 'fixed',
    price_amount,
  });
  const customPrice = (id: string, product_id: string): PriceOutput => ({
    ...priceBase(id, product_id, 'usd', false),
    amount_type: 'custom',
    minimum_amount: 500,
    maximum_amount: null,
    preset_amount: null,
  });
  const meteredPrice = (id: string, product_id: string): PriceOutput =>
    ({
      ...priceBase(id, product_id, 'usd', false),
      amount_type: 'metered_unit',
      unit_amount: '1',
      cap_amount: null,
      meter_id: 'meter-1',
    }) as PriceOutput;
  // 1–4 seats at 10.00, 5–9 at 8.00, 10 and more at 5.00; between 2 and 20 seats
  const seatPrice = (id: string, product_id: string, seat_tier_type: 'volume' | 'graduated'): PriceOutput => ({
    ...priceBase(id, product_id, 'usd', false),
    amount_type: 'seat_based',
    seat_tiers: {
      seat_tier_type,
      minimum_seats: 2,
      maximum_seats: 20,
      tiers: [
        { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
        { min_seats: 5, max_seats: 9, price_per_seat: 800 },
        { min_seats: 10, max_seats: null, price_per_seat: 500 },
      ],
    },
  });
  const product = (
    id: string,
    name: string,
    prices: PriceOutput[],
    extra: Partial<ProductOutput> = {},
  ): ProductOutput =>
    ({
      id,
      name,
      prices,
      is_recurring: true,
      is_archived: false,
      recurring_interval: 'month',
      recurring_interval_count: 1,
      ...extra,
    }) as ProductOutput;

  const TEAM_PRICE = seatPrice('price-team', 'prod-team', 'volume');
  const TEAM = product('prod-team', 'Team', [TEAM_PRICE]);
  // The first price in USD that is neither archived nor metered is the one a subscription moves to
  const PRO = product('prod-pro', 'Pro', [
    fixedPrice('price-pro-eur', 'prod-pro', 2500, 'eur'),
    fixedPrice('price-pro-old', 'prod-pro', 1000, 'usd', true),
    meteredPrice('price-pro-metered', 'prod-pro'),
    fixedPrice('price-pro-usd', 'prod-pro', 3000),
  ]);
  const FREE = product('prod-free', 'Free', [fixedPrice('price-free', 'prod-free', 0)]);
  const AGENCY = product('prod-agency', 'Agency', [seatPrice('price-agency', 'prod-agency', 'graduated')]);
  const PWYW_PRICE = customPrice('price-pwyw', 'prod-pwyw');
  const PWYW = product('prod-pwyw', 'Pay what you want', [PWYW_PRICE]);

  /** A subscription to 4 seats of Team, monthly in USD. */
  const onTeam: CurrentPlan = {
    productId: 'prod-team',
    priceId: 'price-team',
    priceAmount: 4000,
    seats: 4,
    currency: 'usd',
    recurringInterval: 'month',
    recurringIntervalCount: 1,
  };
  const onPro: CurrentPlan = {
    ...onTeam,
    productId: 'prod-pro',
    priceId: 'price-pro-usd',
    priceAmount: 3000,
    seats: null,
  };
  const onPwyw: CurrentPlan = {
    ...onTeam,
    productId: 'prod-pwyw',
    priceId: 'price-pwyw',
    priceAmount: 1234,
    seats: null,
  };

  type Command = { productId?: string; seats?: number };

  test.each([
    // name, current plan, product found, current price, command, target
    [
      'same product, 6 seats (volume: 6 × 800)',
      onTeam,
      TEAM,
      TEAM_PRICE,
      { seats: 6 },
      { productId: 'prod-team', priceId: 'price-team', priceAmount: 4800, seats: 6, name: 'Team' },
    ],
    [
      'same product, 10 seats (volume: 10 × 500)',
      onTeam,
      TEAM,
      TEAM_PRICE,
      { seats: 10 },
      { productId: 'prod-team', priceId: 'price-team', priceAmount: 5000, seats: 10, name: 'Team' },
    ],
    [
      'same product, the minimum of 2 seats',
      onTeam,
      TEAM,
      TEAM_PRICE,
      { seats: 2 },
      { productId: 'prod-team', priceId: 'price-team', priceAmount: 2000, seats: 2, name: 'Team' },
    ],
    [
      'same product, the maximum of 20 seats',
      onTeam,
      TEAM,
      TEAM_PRICE,
      { seats: 20 },
      { productId: 'prod-team', priceId: 'price-team', priceAmount: 10_000, seats: 20, name: 'Team' },
    ],
    [
      'same product named explicitly',
      onTeam,
      TEAM,
      TEAM_PRICE,
      { productId: 'prod-team', seats: 5 },
      { productId: 'prod-team', priceId: 'price-team', priceAmount: 4000, seats: 5, name: 'Team' },
    ],
    [
      'same product, no seats given: the current seats',
      onTeam,
      TEAM,
      TEAM_PRICE,
      {},
      { productId: 'prod-team', priceId: 'price-team', priceAmount: 4000, seats: 4, name: 'Team' },
    ],
    [
      'same product, no seats anywhere: the minimum',
      { ...onTeam, seats: null },
      TEAM,
      TEAM_PRICE,
      {},
      { productId: 'prod-team', priceId: 'price-team', priceAmount: 2000, seats: 2, name: 'Team' },
    ],
    [
      'another fixed-price product',
      onTeam,
      PRO,
      undefined,
      { productId: 'prod-pro' },
      { productId: 'prod-pro', priceId: 'price-pro-usd', priceAmount: 3000, seats: null, name: 'Pro' },
    ],
    [
      'a free product',
      onPro,
      FREE,
      undefined,
      { productId: 'prod-free' },
      { productId: 'prod-free', priceId: 'price-free', priceAmount: 0, seats: null, name: 'Free' },
    ],
    // Graduated: 4 × 1000 + 2 × 800 = 5600
    [
      'another seat-based product, seats given (graduated)',
      onPro,
      AGENCY,
      undefined,
      { productId: 'prod-agency', seats: 6 },
      { productId: 'prod-agency', priceId: 'price-agency', priceAmount: 5600, seats: 6, name: 'Agency' },
    ],
    [
      'another seat-based product keeps the current seats',
      onTeam,
      AGENCY,
      undefined,
      { productId: 'prod-agency' },
      { productId: 'prod-agency', priceId: 'price-agency', priceAmount: 4000, seats: 4, name: 'Agency' },
    ],
    [
      'from a fixed price to seats: the minimum',
      onPro,
      AGENCY,
      undefined,
      { productId: 'prod-agency' },
      { productId: 'prod-agency', priceId: 'price-agency', priceAmount: 2000, seats: 2, name: 'Agency' },
    ],
    [
      'same product on a custom price keeps the current amount',
      onPwyw,
      PWYW,
      PWYW_PRICE,
      {},
      { productId: 'prod-pwyw', priceId: 'price-pwyw', priceAmount: 1234, seats: null, name: 'Pay what you want' },
    ],
  ] as [
    string,
    CurrentPlan,
    ProductOutput | undefined,
    PriceOutput | undefined,
    Command,
    ReturnType<typeof planChangeTarget>,
  ][])('%s', (_name, current, found, currentPrice, command, expected) => {
    expect(planChangeTarget(current, found, currentPrice, command)).toEqual(expected);
  });

  test.each([
    // name, current plan, product found, current price, command, loc, message
    [
      'a product of another organization',
      onTeam,
      undefined,
      TEAM_PRICE,
      { productId: 'prod-other' },
      ['body', 'product_id'],
      /No such product/,
    ],
    [
      'an archived product',
      onTeam,
      { ...PRO, is_archived: true },
      undefined,
      { productId: 'prod-pro' },
      ['body', 'product_id'],
      /No such product/,
    ],
    [
      'a yearly product',
      onTeam,
      { ...PRO, recurring_interval: 'year' },
      undefined,
      { productId: 'prod-pro' },
      ['body', 'product_id'],
      /renew every 1 month\(s\)/,
    ],
    [
      'a product every 3 months',
      onTeam,
      { ...PRO, recurring_interval_count: 3 },
      undefined,
      { productId: 'prod-pro' },
      ['body', 'product_id'],
      /renew every 1 month\(s\)/,
    ],
    [
      'a one-time product',
      onTeam,
      { ...PRO, is_recurring: false, recurring_interval: null, recurring_interval_count: null },
      undefined,
      { productId: 'prod-pro' },
      ['body', 'product_id'],
      /renew every/,
    ],
    [
      'no price in the currency',
      { ...onTeam, currency: 'gbp' },
      PRO,
      undefined,
      { productId: 'prod-pro' },
      ['body', 'product_id'],
      /no price in GBP/,
    ],
    [
      'only archived and metered prices in the currency',
      onTeam,
      { ...PRO, prices: PRO.prices.slice(0, 3) },
      undefined,
      { productId: 'prod-pro' },
      ['body', 'product_id'],
      /no price in USD/,
    ],
    [
      'same product without its current price',
      onTeam,
      TEAM,
      undefined,
      { seats: 5 },
      ['body', 'product_id'],
      /no price in USD/,
    ],
    [
      'seats on a fixed price',
      onTeam,
      PRO,
      undefined,
      { productId: 'prod-pro', seats: 3 },
      ['body', 'seats'],
      /only to seat-based prices/,
    ],
    [
      'seats on the same custom price',
      onPwyw,
      PWYW,
      PWYW_PRICE,
      { seats: 3 },
      ['body', 'seats'],
      /only to seat-based prices/,
    ],
    ['seats below the minimum', onTeam, TEAM, TEAM_PRICE, { seats: 1 }, ['body', 'seats'], /between 2 and 20/],
    ['seats above the maximum', onTeam, TEAM, TEAM_PRICE, { seats: 21 }, ['body', 'seats'], /between 2 and 20/],
    [
      'moving to a custom price',
      onTeam,
      PWYW,
      undefined,
      { productId: 'prod-pwyw' },
      ['body', 'product_id'],
      /only to fixed, free or seat-based prices/,
    ],
  ] as [string, CurrentPlan, ProductOutput | undefined, PriceOutput | undefined, Command, string[], RegExp][])(
    '%s is refused',
    (_name, current, found, currentPrice, command, loc, message) => {
      expect(issuesOf(() => planChangeTarget(current, found, currentPrice, command))).toEqual([
        { loc, msg: expect.stringMatching(message), type: 'value_error' },
      ]);
    },
  );
});
