// Every string the pages show, by locale: add a locale as a folder beside `en/` with the same keys.
import { checkoutStrings } from './en/checkout';
import { commonStrings } from './en/common';
import { confirmationStrings } from './en/confirmation';
import { dashboardStrings } from './en/dashboard';
import { portalStrings } from './en/portal';
import { payStrings } from './en/pay';

const en = {
  ...commonStrings,
  ...checkoutStrings,
  ...confirmationStrings,
  ...portalStrings,
  ...payStrings,
  ...dashboardStrings,
};
export type StringKey = keyof typeof en;
type Messages = Record<StringKey, string>;

const LOCALES: Record<string, Messages> = { en };
export const DEFAULT_LOCALE = 'en';

/** The locale the pages speak for a requested one (a checkout's `locale` such as `en-US`), falling back to English. */
export function pageLocale(requested: string | null | undefined): string {
  const language = (requested ?? '').toLowerCase().split(/[-_]/)[0];
  return language in LOCALES ? language : DEFAULT_LOCALE;
}

/** The message for `key`, with `{name}` placeholders filled from `params`. */
export function translate(locale: string, key: StringKey, params: Record<string, string | number> = {}): string {
  const template = (LOCALES[locale] ?? en)[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
