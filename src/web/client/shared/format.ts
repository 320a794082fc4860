// Money and dates as the buyer reads them: Intl formats in the page's locale, amounts given in minor units with the
// API's own decimals per currency (kernel/currency: the card processor's zero- and three-decimal lists), not Intl's
// idea of them.
import { currencyDecimals } from '../../../kernel/currency';

export { currencyDecimals };

/** `amount` minor units of `currency` (e.g. 1999, "eur") as text, e.g. "€19.99" in English. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const decimals = currencyDecimals(currency);
  const options = {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  } as const;
  return new Intl.NumberFormat(locale, options).format(amount / 10 ** decimals);
}

/** Major units typed by a person (e.g. "12.50" or "12,50") as minor units, or null when it is not an amount. */
export function parseMoney(text: string, currency: string): number | null {
  const exponent = currencyDecimals(currency);
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  const pattern = exponent === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${exponent}})?$`);
  if (!pattern.test(normalized)) return null;
  const [whole, fraction = ''] = normalized.split('.');
  return Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
}

export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}
