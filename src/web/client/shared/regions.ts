// The countries a billing address may name (the API's own list), and the US
// states and Canadian provinces, whose tax needs them. Names come from Intl in the page's locale.
import { COUNTRY_CODES } from '../../../contracts/country-codes';

export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

export const CA_PROVINCES: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/** The states or provinces to pick from in `country`, or null where the field is free text. */
export function regionsOf(country: string | null | undefined): Record<string, string> | null {
  return country === 'US' ? US_STATES : country === 'CA' ? CA_PROVINCES : null;
}

/** Every country as `{ value, label }`, sorted by its name in `locale`. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const names = displayNames(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: names(code) })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
}

function displayNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Where tax is value-added tax (the EU, the rest of Europe's VAT countries, and others that call it so). */
const VAT_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'GB',
  'NO',
  'CH',
  'IS',
  'LI',
  'MC',
  'TR',
  'ZA',
  'AE',
  'SA',
]);

/** The name tax goes by in `country`: VAT, GST (Canada, Australia, India, …) or sales tax (the US). */
export function taxKind(country: string | null | undefined): 'vat' | 'gst' | 'sales_tax' | 'tax' {
  if (!country) return 'tax';
  if (VAT_COUNTRIES.has(country)) return 'vat';
  if (['CA', 'AU', 'NZ', 'IN', 'SG'].includes(country)) return 'gst';
  return country === 'US' ? 'sales_tax' : 'tax';
}
