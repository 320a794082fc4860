// Business tax IDs: format and check digits validated offline with `stdnum` (a port of python-stdnum).
import { stdnum } from 'stdnum';
import { invalidField } from '../../kernel/errors';
import { EU_COUNTRIES } from './tax-rates.logic';

/** The reference's TaxIDFormat values Bursar validates. */
export type TaxIdFormat = 'eu_vat' | 'gb_vat' | 'no_vat' | 'ch_vat' | 'au_abn' | 'ca_bn' | 'us_ein' | 'in_gst';

/** What the spec's customer `tax_id` holds: value and format by position. */
export type TaxId = [value: string, format: TaxIdFormat];

interface Validator {
  validate(value: string): { isValid: boolean; compact?: string };
}

const VALIDATORS: Record<string, { format: TaxIdFormat; validator: Validator; prefix?: string }> = {
  GB: { format: 'gb_vat', validator: stdnum.GB.vat },
  NO: { format: 'no_vat', validator: stdnum.NO.mva },
  CH: { format: 'ch_vat', validator: stdnum.CH.vat },
  AU: { format: 'au_abn', validator: stdnum.AU.abn },
  CA: { format: 'ca_bn', validator: stdnum.CA.bn },
  US: { format: 'us_ein', validator: stdnum.US.ein },
  IN: { format: 'in_gst', validator: stdnum.IN.gstin },
};

/** Which `stdnum` module validates each EU country's VAT number. */
const EU_VAT_MODULE: Record<string, string> = {
  AT: 'uid',
  BE: 'vat',
  BG: 'vat',
  CY: 'vat',
  CZ: 'dic',
  DE: 'vat',
  DK: 'cvr',
  EE: 'kmkr',
  ES: 'nif',
  FI: 'alv',
  FR: 'tva',
  GR: 'vat',
  HR: 'oib',
  HU: 'anum',
  IE: 'vat',
  IT: 'iva',
  LT: 'pvm',
  LU: 'tva',
  LV: 'pvn',
  MT: 'vat',
  NL: 'btw',
  PL: 'nip',
  PT: 'nif',
  RO: 'cif',
  SE: 'vat',
  SI: 'ddv',
  SK: 'dph',
};

/** Greek VAT numbers carry the prefix EL, not GR. */
const VAT_PREFIX: Record<string, string> = { GR: 'EL' };

/** The normalised tax ID when `value` is a valid business tax ID for `country`, else null. */
export function validateTaxId(value: string, country: string): TaxId | null {
  const cleaned = value.toUpperCase().replace(/[\s.\-/]/g, '');
  if ((EU_COUNTRIES as readonly string[]).includes(country)) {
    const prefix = VAT_PREFIX[country] ?? country;
    const validator = (stdnum as unknown as Record<string, Record<string, Validator>>)[country]?.[
      EU_VAT_MODULE[country]
    ];
    const withoutPrefix = cleaned.startsWith(prefix) ? cleaned.slice(prefix.length) : cleaned;
    return validator?.validate(withoutPrefix).isValid ? [`${prefix}${withoutPrefix}`, 'eu_vat'] : null;
  }
  const entry = VALIDATORS[country];
  if (!entry) return null;
  const result = entry.validator.validate(cleaned);
  if (!result.isValid) return null;
  const compact = result.compact ?? cleaned;
  return [entry.format === 'gb_vat' && !compact.startsWith('GB') ? `GB${compact}` : compact, entry.format];
}

/** The normalised tax ID of an API request (null when none was given), or a 422 naming `loc`. */
export function checkedTaxId(
  value: string | null | undefined,
  country: string | null | undefined,
  loc: (string | number)[],
): TaxId | null {
  if (!value) return null;
  const taxId = country ? validateTaxId(value, country) : null;
  if (!taxId) throw invalidField(loc, 'Invalid tax ID for the billing country.');
  return taxId;
}
