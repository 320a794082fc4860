// Which currency a checkout session charges in, among those its product is offered in. Pure.

/** Every organization's `default_presentment_currency` (there is no setting for it). */
export const DEFAULT_CURRENCY = 'usd';

/**
 * The session's currency among those its product is offered in: the one asked for, else the organization's default
 * (as the reference, which has no visitor's country here), else the only one. Among several others the merchant
 * chooses (422): no customer is charged in a currency nobody chose.
 */
export function checkoutCurrency(
  requested: string | null | undefined,
  offered: readonly string[],
): { currency: string } | { refusal: string } {
  const upper = (currency: string) => currency.toUpperCase();
  if (requested)
    return offered.includes(requested)
      ? { currency: requested }
      : { refusal: `The product has no price in ${upper(requested)}.` };
  if (offered.includes(DEFAULT_CURRENCY)) return { currency: DEFAULT_CURRENCY };
  if (offered.length === 1) return { currency: offered[0] };
  return {
    refusal: offered.length
      ? `The product is priced in ${offered.map(upper).join(', ')}: name the currency.`
      : 'The product has no price to charge.',
  };
}
