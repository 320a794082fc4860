// The tax engine as tables of cases: who pays what, where, when.
import {
  calculateTax,
  refundTax,
  validateTaxId,
  type SellerOfRecord,
  type TaxCustomer,
  type TaxLineItem,
} from '../../src/domains/tax';
import { exclusiveTax, inclusiveTax } from '../../src/kernel/money';

const US_SELLER: SellerOfRecord = { country: 'US' };
const DE_SELLER: SellerOfRecord = { country: 'DE' };
const NOW = new Date('2026-11-22T12:00:00Z');
const item = (amount: number, taxBehavior: TaxLineItem['taxBehavior'] = 'exclusive'): TaxLineItem => ({
  amount,
  taxBehavior,
});
const at = (country: string, state?: string): TaxCustomer['address'] => ({ country, state });

type Case = [
  name: string,
  seller: SellerOfRecord,
  customer: TaxCustomer,
  items: TaxLineItem[],
  date: Date,
  expected: { tax: number; lines: [string, number, string][] } | null,
];

const cases: Case[] = [
  // EU business-to-consumer: the destination country's rate (OSS), whoever the seller is.
  [
    'EU B2C France',
    US_SELLER,
    { address: at('FR') },
    [item(1000)],
    NOW,
    { tax: 200, lines: [['FR', 200_000, 'standard_rated']] },
  ],
  [
    'EU B2C Germany',
    US_SELLER,
    { address: at('DE') },
    [item(1000)],
    NOW,
    { tax: 190, lines: [['DE', 190_000, 'standard_rated']] },
  ],
  [
    'EU B2C Hungary',
    US_SELLER,
    { address: at('HU') },
    [item(1000)],
    NOW,
    { tax: 270, lines: [['HU', 270_000, 'standard_rated']] },
  ],
  [
    'EU B2C Ireland',
    US_SELLER,
    { address: at('IE') },
    [item(1000)],
    NOW,
    { tax: 230, lines: [['IE', 230_000, 'standard_rated']] },
  ],
  [
    'EU B2C Luxembourg',
    US_SELLER,
    { address: at('LU') },
    [item(1000)],
    NOW,
    { tax: 170, lines: [['LU', 170_000, 'standard_rated']] },
  ],
  [
    'EU B2C Finland',
    DE_SELLER,
    { address: at('FI') },
    [item(1000)],
    NOW,
    { tax: 255, lines: [['FI', 255_000, 'standard_rated']] },
  ],
  [
    'EU B2C from a German seller to Germany',
    DE_SELLER,
    { address: at('DE') },
    [item(1000)],
    NOW,
    { tax: 190, lines: [['DE', 190_000, 'standard_rated']] },
  ],
  // EU business-to-business.
  [
    'EU B2B reverse charge (US seller, German business)',
    US_SELLER,
    { address: at('DE'), isBusiness: true, taxId: 'DE136695976' },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['DE', 0, 'reverse_charge']] },
  ],
  [
    'EU B2B reverse charge (German seller, French business)',
    DE_SELLER,
    { address: at('FR'), isBusiness: true, taxId: 'FR40303265045' },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['FR', 0, 'reverse_charge']] },
  ],
  [
    'EU B2B reverse charge with a spaced VAT ID',
    US_SELLER,
    { address: at('NL'), isBusiness: true, taxId: 'nl 0044.95.445.B01' },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['NL', 0, 'reverse_charge']] },
  ],
  [
    'EU B2B with an invalid VAT ID pays VAT',
    US_SELLER,
    { address: at('FR'), isBusiness: true, taxId: 'FR40303265046' },
    [item(1000)],
    NOW,
    { tax: 200, lines: [['FR', 200_000, 'standard_rated']] },
  ],
  [
    'EU B2B with another country’s VAT ID pays VAT',
    US_SELLER,
    { address: at('FR'), isBusiness: true, taxId: 'DE136695976' },
    [item(1000)],
    NOW,
    { tax: 200, lines: [['FR', 200_000, 'standard_rated']] },
  ],
  [
    'a valid VAT ID without the business flag pays VAT',
    US_SELLER,
    { address: at('DE'), isBusiness: false, taxId: 'DE136695976' },
    [item(1000)],
    NOW,
    { tax: 190, lines: [['DE', 190_000, 'standard_rated']] },
  ],
  [
    'same-country B2B: VAT charged',
    DE_SELLER,
    { address: at('DE'), isBusiness: true, taxId: 'DE136695976' },
    [item(1000)],
    NOW,
    { tax: 190, lines: [['DE', 190_000, 'standard_rated']] },
  ],
  // The UK, Norway and Switzerland.
  [
    'UK B2C',
    US_SELLER,
    { address: at('GB') },
    [item(1000)],
    NOW,
    { tax: 200, lines: [['GB', 200_000, 'standard_rated']] },
  ],
  [
    'UK B2B reverse charge',
    US_SELLER,
    { address: at('GB'), isBusiness: true, taxId: 'GB980780684' },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['GB', 0, 'reverse_charge']] },
  ],
  [
    'Norway B2B reverse charge',
    US_SELLER,
    { address: at('NO'), isBusiness: true, taxId: 'NO974760673MVA' },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['NO', 0, 'reverse_charge']] },
  ],
  [
    'Switzerland B2C',
    US_SELLER,
    { address: at('CH') },
    [item(1000)],
    NOW,
    { tax: 81, lines: [['CH', 81_000, 'standard_rated']] },
  ],
  [
    'Switzerland B2B reverse charge',
    DE_SELLER,
    { address: at('CH'), isBusiness: true, taxId: 'CHE-116.281.710 MWST' },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['CH', 0, 'reverse_charge']] },
  ],
  // Rate changes apply from their date; earlier sales keep the earlier rate.
  [
    'Switzerland before the 2024 increase',
    US_SELLER,
    { address: at('CH') },
    [item(1000)],
    new Date('2023-06-01T00:00:00Z'),
    { tax: 77, lines: [['CH', 77_000, 'standard_rated']] },
  ],
  [
    'Estonia in 2023',
    US_SELLER,
    { address: at('EE') },
    [item(1000)],
    new Date('2023-06-01T00:00:00Z'),
    { tax: 200, lines: [['EE', 200_000, 'standard_rated']] },
  ],
  [
    'Estonia in early 2025',
    US_SELLER,
    { address: at('EE') },
    [item(1000)],
    new Date('2025-03-01T00:00:00Z'),
    { tax: 220, lines: [['EE', 220_000, 'standard_rated']] },
  ],
  [
    'Estonia now',
    US_SELLER,
    { address: at('EE') },
    [item(1000)],
    NOW,
    { tax: 240, lines: [['EE', 240_000, 'standard_rated']] },
  ],
  [
    'Nova Scotia HST before April 2025',
    US_SELLER,
    { address: at('CA', 'NS') },
    [item(1000)],
    new Date('2025-03-31T12:00:00Z'),
    { tax: 150, lines: [['CA-NS', 150_000, 'standard_rated']] },
  ],
  [
    'Nova Scotia HST after April 2025',
    US_SELLER,
    { address: at('CA', 'NS') },
    [item(1000)],
    NOW,
    { tax: 140, lines: [['CA-NS', 140_000, 'standard_rated']] },
  ],
  // United States: state-level sales tax; a US address needs its state.
  // The data package's California rate (8.25 %) includes the 1 % that applies statewide on top of the 7.25 % base.
  [
    'US California',
    US_SELLER,
    { address: at('US', 'CA') },
    [item(1000)],
    NOW,
    { tax: 83, lines: [['US-CA', 82_500, 'standard_rated']] },
  ],
  [
    'US New York',
    US_SELLER,
    { address: at('US', 'NY') },
    [item(1000)],
    NOW,
    { tax: 40, lines: [['US-NY', 40_000, 'standard_rated']] },
  ],
  [
    'US Texas',
    US_SELLER,
    { address: at('US', 'TX') },
    [item(1000)],
    NOW,
    { tax: 63, lines: [['US-TX', 62_500, 'standard_rated']] },
  ],
  [
    'US Oregon has no sales tax',
    US_SELLER,
    { address: at('US', 'OR') },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['US-OR', 0, 'zero_rated']] },
  ],
  [
    'US Delaware has no sales tax',
    US_SELLER,
    { address: at('US', 'DE') },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['US-DE', 0, 'zero_rated']] },
  ],
  [
    'US state given as US-WA',
    US_SELLER,
    { address: at('US', 'US-WA') },
    [item(1000)],
    NOW,
    { tax: 65, lines: [['US-WA', 65_000, 'standard_rated']] },
  ],
  ['US without a state', US_SELLER, { address: at('US') }, [item(1000)], NOW, null],
  ['US with an unknown state', US_SELLER, { address: at('US', 'XX') }, [item(1000)], NOW, null],
  // Canada: HST provinces, GST + PST, GST + QST, GST alone.
  [
    'Canada Ontario HST',
    US_SELLER,
    { address: at('CA', 'ON') },
    [item(1000)],
    NOW,
    { tax: 130, lines: [['CA-ON', 130_000, 'standard_rated']] },
  ],
  [
    'Canada British Columbia GST + PST',
    US_SELLER,
    { address: at('CA', 'BC') },
    [item(1000)],
    NOW,
    {
      tax: 120,
      lines: [
        ['CA', 50_000, 'standard_rated'],
        ['CA-BC', 70_000, 'standard_rated'],
      ],
    },
  ],
  [
    'Canada Quebec GST + QST',
    US_SELLER,
    { address: at('CA', 'QC') },
    [item(999)],
    NOW,
    {
      tax: 150,
      lines: [
        ['CA', 50_000, 'standard_rated'],
        ['CA-QC', 99_750, 'standard_rated'],
      ],
    },
  ],
  [
    'Canada Alberta GST only',
    US_SELLER,
    { address: at('CA', 'AB') },
    [item(1000)],
    NOW,
    { tax: 50, lines: [['CA', 50_000, 'standard_rated']] },
  ],
  ['Canada without a province', US_SELLER, { address: at('CA') }, [item(1000)], NOW, null],
  // Elsewhere.
  [
    'Australia GST',
    US_SELLER,
    { address: at('AU') },
    [item(1000)],
    NOW,
    { tax: 100, lines: [['AU', 100_000, 'standard_rated']] },
  ],
  [
    'India GST',
    US_SELLER,
    { address: at('IN') },
    [item(1000)],
    NOW,
    { tax: 180, lines: [['IN', 180_000, 'standard_rated']] },
  ],
  [
    'Hong Kong has no consumption tax',
    US_SELLER,
    { address: at('HK') },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['HK', 0, 'zero_rated']] },
  ],
  [
    'Cayman Islands have no consumption tax',
    US_SELLER,
    { address: at('KY') },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['KY', 0, 'zero_rated']] },
  ],
  [
    'a country without rate data is not supported',
    US_SELLER,
    { address: at('SO') },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['SO', 0, 'not_supported']] },
  ],
  [
    'not registered there: not collecting',
    { country: 'US', registeredIn: ['US', 'GB'] },
    { address: at('FR') },
    [item(1000)],
    NOW,
    { tax: 0, lines: [['FR', 0, 'not_collecting']] },
  ],
  ['no address: not known yet', US_SELLER, { address: null }, [item(1000)], NOW, null],
  // Tax-inclusive prices: the tax is carved out of the price, rounded half-up per line.
  [
    'inclusive France 12.00',
    US_SELLER,
    { address: at('FR') },
    [item(1200, 'inclusive')],
    NOW,
    { tax: 200, lines: [['FR', 200_000, 'standard_rated']] },
  ],
  [
    'inclusive France 9.99',
    US_SELLER,
    { address: at('FR') },
    [item(999, 'inclusive')],
    NOW,
    { tax: 166, lines: [['FR', 200_000, 'standard_rated']] },
  ],
  [
    'inclusive Quebec 10.00, two rates',
    US_SELLER,
    { address: at('CA', 'QC') },
    [item(1000, 'inclusive')],
    NOW,
    {
      tax: 130,
      lines: [
        ['CA', 50_000, 'standard_rated'],
        ['CA-QC', 99_750, 'standard_rated'],
      ],
    },
  ],
  [
    'rounding per line: three lines of 0.05 at 19 %',
    US_SELLER,
    { address: at('DE') },
    [item(5), item(5), item(5)],
    NOW,
    {
      tax: 3,
      lines: [
        ['DE', 190_000, 'standard_rated'],
        ['DE', 190_000, 'standard_rated'],
        ['DE', 190_000, 'standard_rated'],
      ],
    },
  ],
];

test.each(cases)('%s', (_name, seller, customer, items, date, expected) => {
  const result = calculateTax(seller, customer, items, date);
  if (expected === null) return expect(result).toBeNull();
  expect(result).not.toBeNull();
  expect(result!.taxAmount).toBe(expected.tax);
  expect(result!.lines.map((l) => [l.jurisdiction, l.reason === 'standard_rated' ? l.rate : 0, l.reason])).toEqual(
    expected.lines,
  );
  result!.items.forEach((line, i) => {
    expect(line.net + line.tax).toBe(line.total);
    if (items[i].taxBehavior === 'inclusive') expect(line.total).toBe(items[i].amount);
    else expect(line.net).toBe(items[i].amount);
  });
});

test('line amounts add up per item and the validated tax ID is returned', () => {
  const result = calculateTax(US_SELLER, { address: at('CA', 'QC') }, [item(1000, 'inclusive')], NOW)!;
  expect(result.items[0]).toEqual({ tax: 130, net: 870, total: 1000 });
  expect(result.lines.map((l) => l.amount)).toEqual([44, 86]);
  const b2b = calculateTax(
    US_SELLER,
    { address: at('DE'), isBusiness: true, taxId: 'de 136 695 976' },
    [item(1000)],
    NOW,
  )!;
  expect(b2b.taxId).toEqual(['DE136695976', 'eu_vat']);
});

test.each([
  // exclusive amount, rates (millionths), expected taxes
  [1000, [200_000], [200]],
  [999, [99_750], [100]],
  [1, [200_000], [0]],
  [3, [200_000], [1]],
  [1000, [50_000, 99_750], [50, 100]],
])('exclusive tax on %i at %o is %o', (amount, rates, taxes) => {
  expect(exclusiveTax(amount, rates)).toEqual(taxes);
});

test.each([
  [1200, [200_000], [200]],
  [999, [200_000], [166]],
  [1000, [50_000, 99_750], [44, 86]],
  [1, [200_000], [0]],
  [113, [130_000], [13]],
])('inclusive tax in %i at %o is %o', (amount, rates, taxes) => {
  expect(inclusiveTax(amount, rates)).toEqual(taxes);
});

test.each([
  // order tax, order net, refunded net, refunded tax
  [200, 1000, 1000, 200],
  [200, 1000, 500, 100],
  [200, 1000, 333, 67],
  [199, 1000, 500, 100],
  [200, 1000, 0, 0],
  [200, 1000, 1200, 200],
  [0, 1000, 500, 0],
])('refunding %i of tax on %i: %i net refunded carries %i tax', (orderTax, orderNet, refunded, expected) => {
  expect(refundTax(orderTax, orderNet, refunded)).toBe(expected);
});

test.each([
  ['DE136695976', 'DE', ['DE136695976', 'eu_vat']],
  ['FR40303265045', 'FR', ['FR40303265045', 'eu_vat']],
  ['EL094259216', 'GR', ['EL094259216', 'eu_vat']],
  ['ATU13585627', 'AT', ['ATU13585627', 'eu_vat']],
  ['IT00743110157', 'IT', ['IT00743110157', 'eu_vat']],
  ['GB980780684', 'GB', ['GB980780684', 'gb_vat']],
  ['NO974760673MVA', 'NO', ['974760673MVA', 'no_vat']],
  ['CHE-116.281.710 MWST', 'CH', ['CHE116281710MWST', 'ch_vat']],
  ['51 824 753 556', 'AU', ['51824753556', 'au_abn']],
  ['123456782', 'CA', ['123456782', 'ca_bn']],
  ['04-2103594', 'US', ['042103594', 'us_ein']],
  ['27AAPFU0939F1ZV', 'IN', ['27AAPFU0939F1ZV', 'in_gst']],
  ['DE136695977', 'DE', null],
  ['GB980780685', 'GB', null],
  ['51824753557', 'AU', null],
  ['27AAPFU0939F1ZX', 'IN', null],
  ['12345', 'BR', null],
])('tax ID %s in %s → %o', (value, country, expected) => {
  expect(validateTaxId(value, country)).toEqual(expected);
});
