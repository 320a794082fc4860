// The checkout session's amounts (price, buyer's input, discount, tax), the trial it grants, tax behaviour and the address form.
import { billingAddressFields } from '../../src/domains/checkout/billing-address.logic';
import {
  checkoutCurrency,
  needsCurrencySettings,
  type CurrencySettings,
} from '../../src/domains/checkout/checkout-currency.logic';
import { buyerIssue, type CheckoutDiscount } from '../../src/domains/checkout/checkout-price.logic';
import { activeTrial } from '../../src/domains/checkout/checkout-trial.logic';
import { checkoutAmounts, type CheckoutAmountsInput } from '../../src/domains/checkout/checkout.logic';
import { resolveTaxBehavior } from '../../src/domains/tax/tax-behavior.logic';
import type { SellerOfRecord, TaxCustomer } from '../../src/domains/tax';
import type { Totals } from '../../src/kernel/money';

// Rates the engine reads from the `sales-tax` data on this date: DE 19 %, FR 20 %, US-NY 4 %, US-CA 8.25 % (the
// package's California rate includes the statewide 1 % on top of the 7.25 % base).
const AT = new Date('2026-11-22T12:00:00Z');
const US_SELLER: SellerOfRecord = { country: 'US' };

type Price = CheckoutAmountsInput['price'];
const fixed = (price_amount: number, tax_behavior: string | null = null): Price => ({
  amount_type: 'fixed',
  price_amount,
  tax_behavior,
});
const custom = (
  minimum_amount: number,
  maximum_amount: number | null = null,
  preset_amount: number | null = null,
): Price => ({
  amount_type: 'custom',
  price_currency: 'usd',
  minimum_amount,
  maximum_amount,
  preset_amount,
  tax_behavior: null,
});
const seats = (seat_tier_type: 'volume' | 'graduated'): Price => ({
  amount_type: 'seat_based',
  tax_behavior: null,
  seat_tiers: {
    seat_tier_type,
    minimum_seats: 1,
    maximum_seats: 20,
    tiers: [
      { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
      { min_seats: 5, max_seats: 20, price_per_seat: 800 },
    ],
  },
});
const metered: Price = { amount_type: 'metered_unit', tax_behavior: null };

const where = (country: string, state?: string): TaxCustomer => ({ address: { country, state } });
const nowhere: TaxCustomer = { address: null };
const tenPercent: CheckoutDiscount = { type: 'percentage', duration: 'once', basis_points: 1000 };
const hundredPercent: CheckoutDiscount = { type: 'percentage', duration: 'forever', basis_points: 10_000 };
const threeEuros: CheckoutDiscount = { type: 'fixed', duration: 'once', amounts: { eur: 300 } };

interface Options {
  amount?: number;
  seats?: number;
  discount?: CheckoutDiscount;
  currency?: string;
}

const amounts = (price: Price, customer: TaxCustomer, options: Options = {}) =>
  checkoutAmounts({
    price,
    isRecurring: false,
    buyer: { amount: options.amount ?? null, seats: options.seats ?? null },
    discount: options.discount ?? null,
    currency: options.currency ?? 'usd',
    customer,
    seller: US_SELLER,
    at: AT,
  });

const sum = (
  amount: number,
  discount_amount: number,
  net_amount: number,
  tax_amount: number | null,
  total_amount: number,
): Totals => ({
  amount,
  discount_amount,
  net_amount,
  tax_amount,
  total_amount,
});

describe('checkoutAmounts', () => {
  test.each([
    // name, price, customer, options, totals (amount, discount, net, tax, total), seats, tax behaviour
    ['fixed, US-NY exclusive 4 %', fixed(1000), where('US', 'NY'), {}, sum(1000, 0, 1000, 40, 1040), null, 'exclusive'],
    // 1000 × 8.25 % = 82.5 → 83 (half-up)
    [
      'fixed, US-CA exclusive 8.25 %',
      fixed(1000),
      where('US', 'CA'),
      {},
      sum(1000, 0, 1000, 83, 1083),
      null,
      'exclusive',
    ],
    // 1000 / 1.19 = 840.34 → net 840, tax 160
    ['fixed, DE inclusive 19 %', fixed(1000), where('DE'), {}, sum(1000, 0, 840, 160, 1000), null, 'inclusive'],
    ['fixed, FR inclusive 20 %', fixed(1200), where('FR'), {}, sum(1200, 0, 1000, 200, 1200), null, 'inclusive'],
    ['fixed, no address: tax not known yet', fixed(1000), nowhere, {}, sum(1000, 0, 1000, null, 1000), null, null],
    [
      'fixed, a US address without its state: tax not known yet',
      fixed(1000),
      where('US'),
      {},
      sum(1000, 0, 1000, null, 1000),
      null,
      null,
    ],
    [
      'fixed, a Canadian address without its province: tax not known yet',
      fixed(1000),
      where('CA'),
      {},
      sum(1000, 0, 1000, null, 1000),
      null,
      null,
    ],
    // The price's own behaviour wins over the country's: 1000 × 19 % = 190 on top
    [
      'fixed priced exclusive, DE',
      fixed(1000, 'exclusive'),
      where('DE'),
      {},
      sum(1000, 0, 1000, 190, 1190),
      null,
      'exclusive',
    ],
    // 1000 / 1.04 = 961.54 → net 962, tax 38
    [
      'fixed priced inclusive, US-NY',
      fixed(1000, 'inclusive'),
      where('US', 'NY'),
      {},
      sum(1000, 0, 962, 38, 1000),
      null,
      'inclusive',
    ],
    [
      'fixed priced by location, FR',
      fixed(1200, 'location'),
      where('FR'),
      {},
      sum(1200, 0, 1000, 200, 1200),
      null,
      'inclusive',
    ],
    ['free: no tax to compute', fixed(0), where('US', 'NY'), {}, sum(0, 0, 0, 0, 0), null, 'exclusive'],
    // Pay what you want: 2500 × 4 % = 100
    [
      'custom, the buyer’s amount within bounds',
      custom(500, 10_000),
      where('US', 'NY'),
      { amount: 2500 },
      sum(2500, 0, 2500, 100, 2600),
      null,
      'exclusive',
    ],
    // 2500 / 1.2 = 2083.33 → net 2083, tax 417
    [
      'custom, the buyer’s amount inclusive in FR',
      custom(500, 10_000),
      where('FR'),
      { amount: 2500 },
      sum(2500, 0, 2083, 417, 2500),
      null,
      'inclusive',
    ],
    [
      'custom, the minimum exactly',
      custom(500, 10_000),
      where('US', 'NY'),
      { amount: 500 },
      sum(500, 0, 500, 20, 520),
      null,
      'exclusive',
    ],
    [
      'custom, the maximum exactly',
      custom(500, 10_000),
      where('US', 'NY'),
      { amount: 10_000 },
      sum(10_000, 0, 10_000, 400, 10_400),
      null,
      'exclusive',
    ],
    [
      'custom, the preset when the buyer gives none',
      custom(500, 10_000, 1500),
      where('US', 'NY'),
      {},
      sum(1500, 0, 1500, 60, 1560),
      null,
      'exclusive',
    ],
    // Volume: 6 seats all at 800 = 4800; 4800 × 4 % = 192
    ['seats, volume', seats('volume'), where('US', 'NY'), { seats: 6 }, sum(4800, 0, 4800, 192, 4992), 6, 'exclusive'],
    // Graduated: 4 × 1000 + 2 × 800 = 5600; 5600 × 4 % = 224
    [
      'seats, graduated',
      seats('graduated'),
      where('US', 'NY'),
      { seats: 6 },
      sum(5600, 0, 5600, 224, 5824),
      6,
      'exclusive',
    ],
    [
      'seats, the minimum when the buyer gives none',
      seats('volume'),
      where('US', 'NY'),
      {},
      sum(1000, 0, 1000, 40, 1040),
      1,
      'exclusive',
    ],
    ['seats, no address', seats('volume'), nowhere, { seats: 20 }, sum(16_000, 0, 16_000, null, 16_000), 20, null],
    ['metered: nothing upfront', metered, where('US', 'NY'), {}, sum(0, 0, 0, 0, 0), null, 'exclusive'],
    // A taxable amount of 0 short-cuts the tax engine, so the tax is 0 (not null) even without an address
    ['metered, no address: 0 upfront carries no tax', metered, nowhere, {}, sum(0, 0, 0, 0, 0), null, 'exclusive'],
    // 10 % of 1000 = 100 off; 900 × 4 % = 36
    [
      'a percentage discount',
      fixed(1000),
      where('US', 'NY'),
      { discount: tenPercent },
      sum(1000, 100, 900, 36, 936),
      null,
      'exclusive',
    ],
    // 300 off leaves 700; 700 / 1.19 = 588.24 → net 588, tax 112
    [
      'a fixed discount in the session’s currency',
      fixed(1000),
      where('DE'),
      { discount: threeEuros, currency: 'eur' },
      sum(1000, 300, 588, 112, 700),
      null,
      'inclusive',
    ],
    [
      'a fixed discount in another currency takes nothing',
      fixed(1000),
      where('US', 'NY'),
      { discount: threeEuros },
      sum(1000, 0, 1000, 40, 1040),
      null,
      'exclusive',
    ],
    [
      'a 100 % discount leaves no tax, address or not',
      fixed(1000),
      nowhere,
      { discount: hundredPercent },
      sum(1000, 1000, 0, 0, 0),
      null,
      'exclusive',
    ],
    // 10 % of 4800 = 480 off; 4320 × 4 % = 172.8 → 173
    [
      'a percentage discount on seats',
      seats('volume'),
      where('US', 'NY'),
      { seats: 6, discount: tenPercent },
      sum(4800, 480, 4320, 173, 4493),
      6,
      'exclusive',
    ],
    [
      'a discount on a custom price is not applied',
      custom(500, 10_000),
      where('US', 'NY'),
      { amount: 2500, discount: tenPercent },
      sum(2500, 0, 2500, 100, 2600),
      null,
      'exclusive',
    ],
    [
      'a discount on a free price is not applied',
      fixed(0),
      where('US', 'NY'),
      { discount: tenPercent },
      sum(0, 0, 0, 0, 0),
      null,
      'exclusive',
    ],
  ] as [string, Price, TaxCustomer, Options, Totals, number | null, 'inclusive' | 'exclusive' | null][])(
    '%s',
    (_name, price, customer, options, expected, seatCount, behavior) => {
      expect(amounts(price, customer, options)).toEqual({ totals: expected, seats: seatCount, taxBehavior: behavior });
    },
  );

  test.each([
    // name, customer, price behaviour, totals — B2B reverse charge: a business with a valid VAT ID, in another country than the (US) seller
    [
      'German business, price inclusive by location',
      { address: { country: 'DE' }, isBusiness: true, taxId: 'DE136695976' },
      null,
      sum(1000, 0, 1000, 0, 1000),
      'inclusive',
    ],
    [
      'French business, price exclusive',
      { address: { country: 'FR' }, isBusiness: true, taxId: 'FR40303265045' },
      'exclusive',
      sum(1000, 0, 1000, 0, 1000),
      'exclusive',
    ],
    // An invalid VAT ID (last digit changed) pays VAT: 1000 / 1.2 = 833.33 → net 833, tax 167
    [
      'French business with an invalid VAT ID',
      { address: { country: 'FR' }, isBusiness: true, taxId: 'FR40303265046' },
      null,
      sum(1000, 0, 833, 167, 1000),
      'inclusive',
    ],
    // Not flagged as a business: VAT as for a consumer, 1000 / 1.19 → 840 + 160
    [
      'a valid VAT ID without the business flag',
      { address: { country: 'DE' }, isBusiness: false, taxId: 'DE136695976' },
      null,
      sum(1000, 0, 840, 160, 1000),
      'inclusive',
    ],
  ] as [string, TaxCustomer, string | null, Totals, 'inclusive' | 'exclusive'][])(
    'reverse charge: %s',
    (_name, customer, taxBehavior, expected, behavior) => {
      expect(amounts(fixed(1000, taxBehavior), customer)).toEqual({
        totals: expected,
        seats: null,
        taxBehavior: behavior,
      });
    },
  );

  test.each([
    // name, price, options, loc, message
    ['custom below the minimum', custom(500, 10_000), { amount: 499 }, ['body', 'amount'], /at least 500/],
    ['custom above the maximum', custom(500, 10_000), { amount: 10_001 }, ['body', 'amount'], /at most 10000/],
    ['custom below the chargeable minimum', custom(0), { amount: 49 }, ['body', 'amount'], /0 or between 50/],
    ['seats above the maximum', seats('volume'), { seats: 21 }, ['body', 'seats'], /between 1 and 20/],
    ['seats for a fixed price', fixed(1000), { seats: 2 }, ['body', 'seats'], /only to seat-based prices/],
    [
      'seats for a custom price',
      custom(500),
      { amount: 600, seats: 1 },
      ['body', 'seats'],
      /only to seat-based prices/,
    ],
    ['seats for a metered price', metered, { seats: 1 }, ['body', 'seats'], /only to seat-based prices/],
  ] as [string, Price, Options, string[], RegExp][])('%s is refused', (_name, price, options, loc, message) => {
    expect(amounts(price, where('US', 'NY'), options)).toEqual({
      loc,
      msg: expect.stringMatching(message),
      type: 'value_error',
    });
  });
});

describe('activeTrial', () => {
  type Checkout = Parameters<typeof activeTrial>[0];
  type Product = Parameters<typeof activeTrial>[1];
  const noOwnTrial: Checkout = { allowTrial: true, trialInterval: null, trialIntervalCount: null };
  const monthly = (trial_interval: Product['trial_interval'], trial_interval_count: number | null): Product => ({
    is_recurring: true,
    trial_interval,
    trial_interval_count,
  });

  test.each([
    ['the product’s trial', noOwnTrial, monthly('month', 3), { interval: 'month', count: 3 }],
    ['the product’s interval with no count: one', noOwnTrial, monthly('week', null), { interval: 'week', count: 1 }],
    [
      'the session’s own trial wins',
      { allowTrial: true, trialInterval: 'day', trialIntervalCount: 14 },
      monthly('month', 1),
      { interval: 'day', count: 14 },
    ],
    [
      'the session’s interval with no count: one, not the product’s count',
      { allowTrial: true, trialInterval: 'week', trialIntervalCount: null },
      monthly('month', 3),
      { interval: 'week', count: 1 },
    ],
    [
      'the session’s trial on a product without one',
      { allowTrial: true, trialInterval: 'month', trialIntervalCount: 2 },
      monthly(null, null),
      { interval: 'month', count: 2 },
    ],
    [
      'a session count without an interval is ignored',
      { allowTrial: true, trialInterval: null, trialIntervalCount: 9 },
      monthly('month', 2),
      { interval: 'month', count: 2 },
    ],
    ['no trial anywhere', noOwnTrial, monthly(null, null), null],
    [
      'the session disallows trials',
      { allowTrial: false, trialInterval: 'day', trialIntervalCount: 7 },
      monthly('month', 1),
      null,
    ],
    [
      'a one-time product',
      { allowTrial: true, trialInterval: 'day', trialIntervalCount: 7 },
      { is_recurring: false, trial_interval: 'month', trial_interval_count: 1 },
      null,
    ],
  ] as [string, Checkout, Product, ReturnType<typeof activeTrial>][])('%s', (_name, checkout, product, expected) => {
    expect(activeTrial(checkout, product)).toEqual(expected);
  });
});

test.each([
  // price behaviour, country, resolved
  ['inclusive', 'US', 'inclusive'],
  ['exclusive', 'DE', 'exclusive'],
  ['inclusive', null, 'inclusive'],
  ['location', 'DE', 'inclusive'],
  ['location', 'US', 'exclusive'],
  [null, 'US', 'exclusive'],
  [null, 'CA', 'exclusive'],
  [null, 'IN', 'exclusive'],
  [null, 'FR', 'inclusive'],
  [null, 'GB', 'inclusive'],
  [null, 'AU', 'inclusive'],
  [null, null, 'exclusive'],
  [null, undefined, 'exclusive'],
  [null, '', 'exclusive'],
] as [string | null, string | null | undefined, string][])(
  'resolveTaxBehavior(%p, %p) = %s',
  (priceBehavior, country, expected) => {
    expect(resolveTaxBehavior(priceBehavior, country)).toBe(expected);
  },
);

test.each([
  // country, full address asked, country / state / city / postal_code / line1 / line2
  [null, false, ['required', 'disabled', 'disabled', 'disabled', 'disabled', 'disabled']],
  [null, true, ['required', 'optional', 'required', 'required', 'required', 'optional']],
  ['FR', false, ['required', 'disabled', 'disabled', 'disabled', 'disabled', 'disabled']],
  ['FR', true, ['required', 'optional', 'required', 'required', 'required', 'optional']],
  ['US', false, ['required', 'required', 'required', 'required', 'required', 'optional']],
  ['US', true, ['required', 'required', 'required', 'required', 'required', 'optional']],
  ['CA', false, ['required', 'required', 'disabled', 'disabled', 'disabled', 'disabled']],
  ['CA', true, ['required', 'required', 'required', 'required', 'required', 'optional']],
] as const)(
  'billing address fields for %p (full address %p)',
  (country, fullAddress, [countryMode, state, city, postal_code, line1, line2]) => {
    expect(billingAddressFields(country, fullAddress)).toEqual({
      country: countryMode,
      state,
      city,
      postal_code,
      line1,
      line2,
    });
  },
);

describe('buyerIssue: the buyer amount and seats, checked before anything else', () => {
  test.each([
    ['a fixed price, nothing given', fixed(1000), { amount: null, seats: null }, null],
    ['pay what you want within bounds', custom(500, 5000), { amount: 700, seats: null }, null],
    ['pay what you want below the minimum', custom(500, 5000), { amount: 400, seats: null }, ['body', 'amount']],
    ['pay what you want above the maximum', custom(500, 5000), { amount: 5001, seats: null }, ['body', 'amount']],
    ['seats on a seat-based price', seats('volume'), { amount: null, seats: 5 }, null],
    ['too many seats', seats('volume'), { amount: null, seats: 21 }, ['body', 'seats']],
    ['seats on a fixed price', fixed(1000), { amount: null, seats: 2 }, ['body', 'seats']],
    ['seats on a metered price', metered, { amount: null, seats: 1 }, ['body', 'seats']],
  ] as [string, Price, { amount: number | null; seats: number | null }, (string | number)[] | null][])(
    '%s',
    (_name, price, buyer, loc) => {
      expect(buyerIssue(price, buyer)?.loc ?? null).toEqual(loc);
    },
  );
});

describe('checkoutCurrency: the session’s currency among those its product is offered in', () => {
  const usdDefault = { defaultCurrency: 'usd', currencyByCountry: { JP: 'jpy', DE: 'eur', AT: 'eur', GB: 'gbp' } };
  const eurDefault = { defaultCurrency: 'eur', currencyByCountry: {} };
  const name = (offered: string) => ({ refusal: `The product is priced in ${offered}: name the currency.` });
  test.each([
    // name, requested, offered, buyer's country, settings, expected
    ['the one asked for', 'eur', ['usd', 'eur'], null, usdDefault, { currency: 'eur' }],
    ['the one asked for beats the country', 'usd', ['usd', 'jpy'], 'JP', usdDefault, { currency: 'usd' }],
    ['the one asked for, the only one', 'eur', ['eur'], 'JP', usdDefault, { currency: 'eur' }],
    [
      'asked for and not offered',
      'gbp',
      ['usd', 'eur'],
      null,
      usdDefault,
      { refusal: 'The product has no price in GBP.' },
    ],
    ['none asked, the only one offered', null, ['eur'], null, usdDefault, { currency: 'eur' }],
    ['the only one offered beats the country', null, ['usd'], 'JP', usdDefault, { currency: 'usd' }],
    ['the only one offered beats the default', undefined, ['jpy'], 'US', eurDefault, { currency: 'jpy' }],
    ['the country’s currency', null, ['usd', 'eur', 'jpy'], 'JP', usdDefault, { currency: 'jpy' }],
    ['two countries, one currency', null, ['usd', 'eur', 'jpy'], 'AT', usdDefault, { currency: 'eur' }],
    ['a lower-case country', null, ['usd', 'eur'], 'de', usdDefault, { currency: 'eur' }],
    ['the country’s currency not offered: the default', null, ['usd', 'eur'], 'JP', usdDefault, { currency: 'usd' }],
    ['a country not in the map: the default', null, ['usd', 'eur', 'jpy'], 'FR', usdDefault, { currency: 'usd' }],
    ['no country known: the default', null, ['usd', 'eur', 'jpy'], null, usdDefault, { currency: 'usd' }],
    ['another default', null, ['usd', 'eur', 'jpy'], 'US', eurDefault, { currency: 'eur' }],
    ['the country’s currency not offered, nor the default', null, ['eur', 'gbp'], 'JP', usdDefault, name('EUR, GBP')],
    ['none asked, several others, no country', null, ['eur', 'gbp'], null, usdDefault, name('EUR, GBP')],
    ['none asked, none offered', null, [], 'JP', usdDefault, { refusal: 'The product has no price to charge.' }],
  ] as [string, string | null | undefined, string[], string | null, CurrencySettings, unknown][])(
    '%s',
    (_name, requested, offered, country, settings, expected) => {
      expect(checkoutCurrency({ requested, offered, country, settings })).toEqual(expected);
    },
  );

  test.each([
    [null, ['usd', 'eur'], true],
    [undefined, ['usd', 'eur'], true],
    ['eur', ['usd', 'eur'], false],
    [null, ['usd'], false],
    [null, [], false],
  ] as [string | null | undefined, string[], boolean][])(
    'the settings are needed for %p among %p: %p',
    (requested, offered, needed) => {
      expect(needsCurrencySettings(requested, offered)).toBe(needed);
    },
  );
});
