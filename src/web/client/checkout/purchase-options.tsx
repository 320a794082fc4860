// What is bought: the product (when the session offers several) and the options around the price — the amount the
// buyer chooses, the number of seats, a discount code.
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { pricePerSeatOf } from '../shared/seats';
import { Button, Field, type Translate } from '../shared/ui';
import type { Draft, Errors } from './checkout-model';

export function ProductChoice(props: {
  t: Translate;
  checkout: CheckoutPublic;
  error?: string;
  busy: boolean;
  onChoose(productId: string): void;
}) {
  const { t, checkout, busy } = props;
  if (checkout.products.length <= 1) return null;
  return (
    <fieldset class="card product-choice">
      <legend>{t('checkout.chooseProduct')}</legend>
      {checkout.products.map((product) => (
        <label class="checkbox" key={product.id}>
          <input
            type="radio"
            name="product"
            value={product.id}
            checked={product.id === checkout.product_id}
            disabled={busy}
            onChange={() => props.onChoose(product.id)}
          />
          <span>{product.name}</span>
        </label>
      ))}
      {props.error && <p class="field-error">{props.error}</p>}
    </fieldset>
  );
}

export function PurchaseOptions(props: {
  t: Translate;
  checkout: CheckoutPublic;
  money(amount: number): string;
  draft: Draft;
  errors: Errors;
  busy: boolean;
  appliedCode: string | null;
  onAmount(text: string): void;
  onSeats(text: string): void;
  onDiscountCode(text: string): void;
  onApplyDiscount(): void;
}) {
  const { t, checkout, money, draft, errors, busy } = props;
  const price = checkout.product_price;
  const perSeat = pricePerSeatOf(price, checkout.seats);
  if (!(price?.amount_type === 'custom' || price?.amount_type === 'seat_based' || checkout.allow_discount_codes))
    return null;
  return (
    <div class="card purchase-options">
      {price?.amount_type === 'custom' && (
        <Field
          id="amount"
          label={t('checkout.amountLabel', { currency: checkout.currency.toUpperCase() })}
          hint={
            price.maximum_amount === null
              ? t('checkout.amountHint', { minimum: money(price.minimum_amount) })
              : t('checkout.amountHintRange', {
                  minimum: money(price.minimum_amount),
                  maximum: money(price.maximum_amount),
                })
          }
          inputMode="decimal"
          value={draft.amount}
          disabled={busy}
          error={errors.amount}
          onInput={(event) => props.onAmount(event.currentTarget.value)}
        />
      )}
      {price?.amount_type === 'seat_based' && (
        <Field
          id="seats"
          type="number"
          label={t('checkout.seatsLabel')}
          hint={perSeat === null ? null : t('checkout.seatsHint', { price: money(perSeat) })}
          min={Math.max(1, price.seat_tiers.minimum_seats)}
          max={price.seat_tiers.maximum_seats ?? undefined}
          step={1}
          value={draft.seats}
          disabled={busy}
          error={errors.seats}
          onInput={(event) => props.onSeats(event.currentTarget.value)}
        />
      )}
      {checkout.allow_discount_codes && checkout.is_discount_applicable && (
        <div class="discount-code">
          <Field
            id="discount-code"
            label={t('checkout.discountCode')}
            autocomplete="off"
            value={draft.discountCode}
            disabled={busy}
            error={errors.discountCode}
            onInput={(event) => props.onDiscountCode(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                props.onApplyDiscount();
              }
            }}
          />
          <Button variant="secondary" onClick={props.onApplyDiscount} disabled={busy || !draft.discountCode.trim()}>
            {t('checkout.applyDiscount')}
          </Button>
        </div>
      )}
      {props.appliedCode && checkout.discount_id && (
        <p class="discount-applied" role="status">
          {t('checkout.discountApplied', { code: props.appliedCode })}
        </p>
      )}
    </div>
  );
}
