// Which billing address fields the checkout form asks for, by country. Pure.

export type FieldMode = 'required' | 'optional' | 'disabled';

/** Which billing address fields the form needs: the country always, the state in the US and Canada, a full address when asked or in the US. */
export function billingAddressFields(country: string | null | undefined, fullAddress: boolean) {
  const full = fullAddress || country === 'US';
  const needed: FieldMode = full ? 'required' : 'disabled';
  return {
    country: 'required' as FieldMode,
    state: (country === 'US' || country === 'CA' ? 'required' : full ? 'optional' : 'disabled') as FieldMode,
    city: needed,
    postal_code: needed,
    line1: needed,
    line2: (full ? 'optional' : 'disabled') as FieldMode,
  };
}
