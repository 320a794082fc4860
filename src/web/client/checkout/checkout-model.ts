// The checkout form's state and the pure steps around it: the draft the buyer types, what it checks before asking the
// server, and the request bodies (live updates and the confirmation) made from it.
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { addressBody, addressDraft, type AddressDraft, type AddressField } from '../shared/address-fields';
import type { FieldIssue } from '../shared/api';
import { currencyDecimals, formatMoney, parseMoney } from '../shared/format';
import { intervalText } from '../shared/interval';
import type { Translate } from '../shared/ui';

export type Price = NonNullable<CheckoutPublic['product_price']>;
export type Product = CheckoutPublic['products'][number];
export type CustomFieldValue = string | number | boolean | null;

export interface Draft {
  email: string;
  name: string;
  isBusiness: boolean;
  billingName: string;
  taxId: string;
  address: AddressDraft;
  amount: string;
  seats: string;
  discountCode: string;
  customFields: Record<string, CustomFieldValue>;
}

/** Field errors by the form's own field keys: `email`, `address.country`, `custom.<slug>`, `card.number`, … */
export type Errors = Record<string, string>;

export function initialDraft(checkout: CheckoutPublic): Draft {
  return {
    email: checkout.customer_email ?? '',
    name: checkout.customer_name ?? '',
    isBusiness: checkout.is_business_customer,
    billingName: checkout.customer_billing_name ?? '',
    taxId: checkout.customer_tax_id ?? '',
    address: addressDraft(checkout.customer_billing_address),
    amount: checkout.product_price?.amount_type === 'custom' ? majorUnits(checkout.amount, checkout.currency) : '',
    seats: checkout.seats === null ? '' : String(checkout.seats),
    discountCode: '',
    customFields: { ...checkout.custom_field_data },
  };
}

/** Minor units as the buyer would type them (no currency sign, no grouping): 1999 EUR → "19.99". */
export function majorUnits(amount: number, currency: string): string {
  const exponent = currencyDecimals(currency);
  return (amount / 10 ** exponent).toFixed(exponent);
}

const blank = (value: string) => (value.trim() === '' ? null : value.trim());

/** What the buyer typed, as the checkout's client endpoints take it (the confirmation adds the card's token). */
export function customerBody(draft: Draft) {
  return {
    customer_email: blank(draft.email),
    customer_name: blank(draft.name),
    is_business_customer: draft.isBusiness,
    customer_billing_name: draft.isBusiness ? blank(draft.billingName) : null,
    customer_tax_id: draft.isBusiness ? blank(draft.taxId) : null,
    customer_billing_address: addressBody(draft.address),
  };
}

/** The custom field values to send: empty text as null. */
export function customFieldBody(draft: Draft): Record<string, CustomFieldValue> {
  return Object.fromEntries(
    Object.entries(draft.customFields).map(([slug, value]) => [slug, value === '' ? null : value]),
  );
}

/** The buyer's pay-what-you-want amount in minor units, or the message saying why it cannot be taken. */
export function amountOf(
  draft: Draft,
  price: Price | null,
  currency: string,
  locale: string,
  t: Translate,
): { amount: number } | { error: string } | null {
  if (price?.amount_type !== 'custom') return null;
  const amount = parseMoney(draft.amount, currency);
  const money = (value: number) => formatMoney(value, currency, locale);
  if (amount === null)
    return {
      error: t('checkout.amountInvalid', { example: majorUnits(Math.max(price.minimum_amount, 1000), currency) }),
    };
  if (amount < price.minimum_amount)
    return { error: t('checkout.amountTooLow', { minimum: money(price.minimum_amount) }) };
  if (price.maximum_amount !== null && amount > price.maximum_amount)
    return { error: t('checkout.amountTooHigh', { maximum: money(price.maximum_amount) }) };
  return { amount };
}

/** The buyer's seat count, or the message saying why it cannot be taken. */
export function seatsOf(draft: Draft, price: Price | null, t: Translate): { seats: number } | { error: string } | null {
  if (price?.amount_type !== 'seat_based') return null;
  if (!/^\s*\d+\s*$/.test(draft.seats)) return { error: t('checkout.seatsInvalid') };
  const seats = Number(draft.seats);
  const { minimum_seats, maximum_seats } = price.seat_tiers;
  if (seats < Math.max(1, minimum_seats))
    return { error: t('checkout.seatsTooFew', { count: Math.max(1, minimum_seats) }) };
  if (maximum_seats !== null && seats > maximum_seats)
    return { error: t('checkout.seatsTooMany', { count: maximum_seats }) };
  return { seats };
}

/** The confirmation's body: the buyer's details, the amount and seats when they can be taken, and the card's token. */
export function confirmBody(
  draft: Draft,
  checkout: CheckoutPublic,
  locale: string,
  t: Translate,
  token: string | null,
) {
  const amount = amountOf(draft, checkout.product_price, checkout.currency, locale, t);
  const seats = seatsOf(draft, checkout.product_price, t);
  return {
    ...customerBody(draft),
    ...(amount && 'amount' in amount ? { amount: amount.amount } : {}),
    ...(seats && 'seats' in seats ? { seats: seats.seats } : {}),
    ...(checkout.attached_custom_fields?.length ? { custom_field_data: customFieldBody(draft) } : {}),
    confirmation_token_id: token,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the page can tell is missing or wrong before asking the server (the server checks everything again). */
export function draftErrors(draft: Draft, checkout: CheckoutPublic, locale: string, t: Translate): Errors {
  const errors: Errors = {};
  if (!EMAIL.test(draft.email.trim())) errors.email = t('checkout.emailInvalid');
  if (draft.isBusiness && !draft.billingName.trim()) errors.billingName = t('checkout.businessNameRequired');
  const fields = checkout.billing_address_fields;
  const needsAddress = checkout.is_payment_form_required || checkout.require_billing_address || draft.isBusiness;
  if (needsAddress || draft.address.country) {
    for (const field of Object.keys(fields) as AddressField[]) {
      if (fields[field] === 'required' && !draft.address[field].trim())
        errors[`address.${field}`] = t('checkout.required');
    }
  }
  const amount = amountOf(draft, checkout.product_price, checkout.currency, locale, t);
  if (amount && 'error' in amount) errors.amount = amount.error;
  const seats = seatsOf(draft, checkout.product_price, t);
  if (seats && 'error' in seats) errors.seats = seats.error;
  for (const attached of checkout.attached_custom_fields ?? []) {
    const value = draft.customFields[attached.custom_field.slug];
    const empty =
      value === undefined ||
      value === null ||
      value === '' ||
      (attached.custom_field.type === 'checkbox' && value === false);
    if (attached.required && empty) errors[`custom.${attached.custom_field.slug}`] = t('checkout.required');
  }
  return errors;
}

/**
 * The server's field issues under the form's field keys; those no field shows are returned apart. `cardKey` is where
 * the card's issues go: `card.number` beside the sandbox fields, `card` under Stripe's, null when no card form shows.
 */
export function issueErrors(issues: FieldIssue[], cardKey: string | null): { errors: Errors; general: string[] } {
  const errors: Errors = {};
  const general: string[] = [];
  const FIELDS: Record<string, string> = {
    customer_email: 'email',
    customer_name: 'name',
    customer_billing_name: 'billingName',
    customer_tax_id: 'taxId',
    customer_billing_address: 'address.country',
    amount: 'amount',
    seats: 'seats',
    discount_code: 'discountCode',
    product_id: 'product',
    ...(cardKey && { confirmation_token_id: cardKey }),
  };
  for (const issue of issues) {
    const key = issue.field.startsWith('customer_billing_address.')
      ? `address.${issue.field.split('.')[1]}`
      : issue.field.startsWith('custom_field_data.')
        ? `custom.${issue.field.split('.')[1]}`
        : FIELDS[issue.field];
    if (key) errors[key] ??= issue.message;
    else general.push(issue.message);
  }
  return { errors, general };
}

/** How long a trial lasts, in words: "1 month", "14 days". */
export function durationText(t: Translate, interval: string | null, count: number | null): string {
  const n = count ?? 1;
  const unit = (interval ?? 'day') as 'day' | 'week' | 'month' | 'year';
  return n === 1 ? t(`duration.${unit}`) : t(`duration.${unit}s`, { count: n });
}

/** The price's headline in the summary: "€15.00", "€9.00 / month", "Pay what you want, from €5.00", "€8.00 per seat". */
export function priceText(t: Translate, price: Price | null, product: Product | null, locale: string): string {
  if (!price) return '';
  const money = (amount: number) => formatMoney(amount, price.price_currency, locale);
  let text: string;
  switch (price.amount_type) {
    case 'fixed':
      text = price.price_amount === 0 ? t('checkout.priceFree') : money(price.price_amount);
      break;
    case 'custom':
      text = t('checkout.priceFrom', { amount: money(price.minimum_amount) });
      break;
    case 'seat_based': {
      const first = price.seat_tiers.tiers[0];
      text = t('checkout.pricePerSeat', { amount: money(first?.price_per_seat ?? 0) });
      break;
    }
    case 'metered_unit':
    case 'metered_tiers':
      return t('checkout.priceMetered');
  }
  return product?.is_recurring
    ? t('checkout.perInterval', {
        amount: text,
        interval: intervalText(t, product.recurring_interval ?? 'month', product.recurring_interval_count),
      })
    : text;
}
