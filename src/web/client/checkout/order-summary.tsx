// What the buyer is about to pay for: the product with its media and price, and the lines of the total — discount,
// tax (included, added, reverse charged, or not known yet), the trial — kept current as the session changes. The lines
// add up: the price less the discount is the subtotal; added tax comes on top of it, included tax is part of it.
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { isReverseCharge } from '../../../domains/tax/tax-regions.logic';
import { formatDate, formatMoney } from '../shared/format';
import { taxKind } from '../shared/regions';
import type { Translate } from '../shared/ui';
import { intervalText } from '../shared/interval';
import { durationText, priceText } from './checkout-model';

export function OrderSummary(props: {
  t: Translate;
  checkout: CheckoutPublic;
  locale: string;
  sellerCountry: string;
  updating: boolean;
}) {
  const { t, checkout, locale } = props;
  const product = checkout.product;
  const money = (amount: number) => formatMoney(amount, checkout.currency, locale);
  const media = product?.medias[0];
  const country = checkout.customer_billing_address?.country ?? null;
  const taxName = t(
    ({ vat: 'checkout.vat', gst: 'checkout.gst', sales_tax: 'checkout.salesTax', tax: 'checkout.tax' } as const)[
      taxKind(country)
    ],
  );
  // The server's own rule; a tax ID it keeps on the session is checked again (and refused) at the confirmation.
  const reverseCharge =
    checkout.tax_amount === 0 &&
    country !== null &&
    isReverseCharge(
      { country, isBusiness: checkout.is_business_customer, hasValidTaxId: Boolean(checkout.customer_tax_id) },
      props.sellerCountry,
    );
  const trial = checkout.trial_end !== null && product?.is_recurring;
  const interval = product?.is_recurring
    ? intervalText(t, product.recurring_interval ?? 'month', product.recurring_interval_count)
    : null;
  const seats = checkout.product_price?.amount_type === 'seat_based' && checkout.seats !== null;

  return (
    <section class="card order-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('checkout.summaryHeading')}</h2>
      {media && <img class="media" src={media.public_url} alt={product?.name ?? ''} />}
      {product && (
        <div class="product">
          <h3 class="product-name">{product.name}</h3>
          <p class="product-price">{priceText(t, checkout.product_price, product, locale)}</p>
          {product.description && <p class="product-description muted">{product.description}</p>}
        </div>
      )}
      <table class="summary-lines" aria-busy={props.updating ? true : undefined}>
        <caption class="visually-hidden">{t('checkout.summaryHeading')}</caption>
        <tbody>
          <tr>
            <th scope="row">
              {seats
                ? t('checkout.lineSeats', { product: product?.name ?? '', seats: checkout.seats ?? 0 })
                : (product?.name ?? '')}
            </th>
            <td class="amount">{money(checkout.amount)}</td>
          </tr>
          {checkout.discount_amount > 0 && (
            <tr class="discount-line">
              <th scope="row">
                {t('checkout.discount', { name: checkout.discount?.code ?? checkout.discount?.name ?? '' })}
              </th>
              <td class="amount">−{money(checkout.discount_amount)}</td>
            </tr>
          )}
          {checkout.discount_amount > 0 && (
            <tr>
              <th scope="row">{t('checkout.subtotal')}</th>
              <td class="amount">{money(checkout.amount - checkout.discount_amount)}</td>
            </tr>
          )}
          <tr class="tax-line">
            <th scope="row">
              {checkout.tax_amount === null
                ? taxName
                : reverseCharge
                  ? t('checkout.taxReverseCharge', { tax: taxName })
                  : checkout.tax_behavior === 'inclusive'
                    ? t('checkout.taxIncluded', { tax: taxName })
                    : taxName}
            </th>
            <td class="amount">
              {checkout.tax_amount === null ? (
                <span class="muted">{t('checkout.taxPending')}</span>
              ) : (
                money(checkout.tax_amount)
              )}
            </td>
          </tr>
          <tr class="total">
            <th scope="row">{trial ? t('checkout.totalAfterTrial') : t('checkout.total')}</th>
            <td class="amount" id="checkout-total">
              {money(checkout.total_amount)}
            </td>
          </tr>
          {trial && (
            <tr class="total due-today">
              <th scope="row">{t('checkout.dueToday')}</th>
              <td class="amount">{money(0)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {reverseCharge && <p class="hint reverse-charge-note">{t('checkout.taxReverseChargeNote')}</p>}
      {trial && checkout.trial_end && (
        <p class="trial-notice">
          {t('checkout.trialNotice', {
            duration: durationText(t, checkout.active_trial_interval, checkout.active_trial_interval_count),
            price: t('checkout.perInterval', { amount: money(checkout.total_amount), interval: interval ?? '' }),
            date: formatDate(checkout.trial_end, locale),
          })}
        </p>
      )}
      {!trial && interval && <p class="hint">{t('checkout.renewalNotice', { interval })}</p>}
      <p class="visually-hidden" aria-live="polite">
        {props.updating
          ? t('checkout.updating')
          : t('checkout.totalAnnouncement', { total: money(checkout.total_amount) })}
      </p>
    </section>
  );
}
