// Tax rates by country, US state and Canadian province, with effective dates. Source: the `sales-tax` npm package's
// rate table (maintained upstream, MIT), read as data; its `before` entries give the rates in force before a change.
import salesTaxRates from 'sales-tax/res/sales_tax_rates.json';
import { RATE_SCALE } from '../../kernel/money';
import { EU_COUNTRIES } from './tax-regions.logic';

export { EU_COUNTRIES };

interface RateEntry {
  type: string;
  rate: number;
  before?: Record<string, { type: string; rate: number }>;
  states?: Record<string, RateEntry>;
}

/**
 * Our own versioned addition (2026-11): places the upstream table leaves out because they levy no VAT, GST or
 * general sales tax at all. They are zero-rated; every other country missing upstream is `not_supported`.
 */
const NO_CONSUMPTION_TAX: Record<string, RateEntry> = Object.fromEntries(
  ['AQ', 'BM', 'BN', 'BV', 'GS', 'HK', 'HM', 'IO', 'KY', 'MO', 'UM'].map((country) => [
    country,
    { type: 'none', rate: 0 },
  ]),
);

const TABLE: Record<string, RateEntry> = {
  ...NO_CONSUMPTION_TAX,
  ...(salesTaxRates as unknown as Record<string, RateEntry>),
};

// prettier-ignore
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME',
  'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI',
  'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

// prettier-ignore
export const CA_PROVINCES = [
  'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT',
] as const;

export type TaxKind = 'vat' | 'gst' | 'hst' | 'pst' | 'qst' | 'sales_tax' | 'none';

export interface JurisdictionRate {
  /** `FR`, `US-CA`, `CA-BC`. */
  jurisdiction: string;
  kind: TaxKind;
  /** Millionths: 200 000 = 20 %. */
  rate: number;
}

/** The entry in force at `date`: the earliest change still ahead of `date` tells what applied before it. */
function rateAt(
  entry: { type: string; rate: number; before?: RateEntry['before'] },
  date: Date,
): { type: string; rate: number } {
  const changes = Object.keys(entry.before ?? {}).sort();
  const upcoming = changes.find((changedAt) => date.getTime() < Date.parse(changedAt));
  return upcoming ? entry.before![upcoming] : entry;
}

const millionths = (rate: number) => Math.round(rate * RATE_SCALE);

export type RateLookup =
  { kind: 'rates'; rates: JurisdictionRate[] } | { kind: 'unsupported' } | { kind: 'needs_region' };

/** The rates for a destination on a date; US and Canadian destinations need their state or province. */
export function ratesFor(country: string, region: string | null | undefined, date: Date): RateLookup {
  const entry = TABLE[country];
  if (country === 'US' || country === 'CA') {
    const known: readonly string[] = country === 'US' ? US_STATES : CA_PROVINCES;
    const code = region?.toUpperCase().replace(/^(US|CA)-/, '');
    if (!code || !known.includes(code)) return { kind: 'needs_region' };
    return { kind: 'rates', rates: country === 'US' ? usRates(code, date) : canadaRates(code, date) };
  }
  if (!entry) return { kind: 'unsupported' };
  const current = rateAt(entry, date);
  return {
    kind: 'rates',
    rates: [
      {
        jurisdiction: country,
        kind: current.type === 'gst' ? 'gst' : current.type === 'vat' ? 'vat' : 'none',
        rate: millionths(current.rate),
      },
    ],
  };
}

/** State-level sales tax; states without one (AK, DE, MT, NH, OR) are 0. Local taxes are not computed. */
function usRates(state: string, date: Date): JurisdictionRate[] {
  const entry = TABLE.US.states?.[state];
  return [{ jurisdiction: `US-${state}`, kind: 'sales_tax', rate: entry ? millionths(rateAt(entry, date).rate) : 0 }];
}

/** GST everywhere; HST provinces combine it with their part into one line; PST and QST provinces add a second line. */
function canadaRates(province: string, date: Date): JurisdictionRate[] {
  const gst = millionths(rateAt(TABLE.CA, date).rate);
  const entry = TABLE.CA.states?.[province];
  if (!entry) return [{ jurisdiction: 'CA', kind: 'gst', rate: gst }];
  const provincial = rateAt(entry, date);
  if (provincial.type === 'hst')
    return [{ jurisdiction: `CA-${province}`, kind: 'hst', rate: gst + millionths(provincial.rate) }];
  return [
    { jurisdiction: 'CA', kind: 'gst', rate: gst },
    {
      jurisdiction: `CA-${province}`,
      kind: provincial.type === 'qst' ? 'qst' : 'pst',
      rate: millionths(provincial.rate),
    },
  ];
}
