// Which currency a checkout session charges in, among those its product is offered in. Pure.

/** What an organization says about currencies: its fallback and the currency of each country's buyers. */
export interface CurrencySettings {
  defaultCurrency: string;
  currencyByCountry: Readonly<Record<string, string>>;
}

/**
 * The session's currency among those its product is offered in: the one asked for; else the only one offered; else the
 * one the organization maps the buyer's country to; else the organization's default. Among several others the
 * merchant chooses (422): no customer is charged in a currency nobody chose.
 */
export function checkoutCurrency(input: {
  requested: string | null | undefined;
  offered: readonly string[];
  country: string | null | undefined;
  settings: CurrencySettings;
}): { currency: string } | { refusal: string } {
  const { requested, offered, country, settings } = input;
  const upper = (currency: string) => currency.toUpperCase();
  if (requested)
    return offered.includes(requested)
      ? { currency: requested }
      : { refusal: `The product has no price in ${upper(requested)}.` };
  if (offered.length === 1) return { currency: offered[0] };
  const local = country ? settings.currencyByCountry[country.toUpperCase()] : undefined;
  if (local && offered.includes(local)) return { currency: local };
  if (offered.includes(settings.defaultCurrency)) return { currency: settings.defaultCurrency };
  return {
    refusal: offered.length
      ? `The product is priced in ${offered.map(upper).join(', ')}: name the currency.`
      : 'The product has no price to charge.',
  };
}

/** Whether the rule needs the organization's settings at all: only when nobody named a currency among several. */
export const needsCurrencySettings = (requested: string | null | undefined, offered: readonly string[]): boolean =>
  !requested && offered.length > 1;
