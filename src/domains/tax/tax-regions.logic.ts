// Which countries share the EU's VAT rules, and when a sale is reverse charged: small enough for the hosted checkout to
// word its tax line exactly as the tax engine decided it (no rate tables here).

// prettier-ignore
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT',
  'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

/** B2B reverse charge applies to sales to a business with a valid tax ID in one of these, from another country. */
export const REVERSE_CHARGE_COUNTRIES: readonly string[] = [...EU_COUNTRIES, 'GB', 'NO', 'CH'];

/** Whether a sale to `buyer` (its tax ID already validated) is reverse charged by a seller established in `sellerCountry`. */
export function isReverseCharge(
  buyer: { country: string; isBusiness: boolean; hasValidTaxId: boolean },
  sellerCountry: string,
): boolean {
  return (
    buyer.isBusiness &&
    buyer.hasValidTaxId &&
    REVERSE_CHARGE_COUNTRIES.includes(buyer.country) &&
    buyer.country !== sellerCountry
  );
}
