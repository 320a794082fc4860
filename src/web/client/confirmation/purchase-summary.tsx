// What was bought, from the public checkout: the product, how it is billed (once, or every interval with the trial's
// end), the seats, and the amounts in the checkout's currency.
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { formatDate, formatMoney } from '../shared/format';
import { intervalText } from '../shared/interval';
import { pricePerSeatOf } from '../shared/seats';
import type { Translate } from '../shared/ui';

export function PurchaseSummary(props: { t: Translate; locale: string; checkout: CheckoutPublic }) {
  const { t, locale, checkout } = props;
  const money = (amount: number) => formatMoney(amount, checkout.currency, locale);
  const product = checkout.product;
  const media = product?.medias[0];
  const perSeat = pricePerSeatOf(checkout.product_price, checkout.seats);
  return (
    <section class="card confirmation-card" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('confirmation.summaryHeading')}</h2>
      {media && <img class="media" src={media.public_url} alt="" />}
      {product && <p class="product-name">{product.name}</p>}
      <p class="muted">{billing(t, checkout, money)}</p>
      {checkout.seats !== null && perSeat !== null && (
        <p>{t('confirmation.seats', { seats: checkout.seats, price: money(perSeat) })}</p>
      )}
      {checkout.trial_end && <p>{t('confirmation.trialEnds', { date: formatDate(checkout.trial_end, locale) })}</p>}
      <table class="summary-lines">
        <caption class="visually-hidden">{t('confirmation.amountsCaption')}</caption>
        <tbody>
          <Line label={t('confirmation.subtotal')} amount={money(checkout.amount)} />
          {checkout.discount_amount > 0 && (
            <Line
              label={
                checkout.discount
                  ? t('confirmation.discountNamed', { name: checkout.discount.name })
                  : t('confirmation.discount')
              }
              amount={`−${money(checkout.discount_amount)}`}
            />
          )}
          {checkout.tax_amount !== null && (
            <Line
              label={t(checkout.tax_behavior === 'inclusive' ? 'confirmation.taxIncluded' : 'confirmation.tax')}
              amount={money(checkout.tax_amount)}
            />
          )}
          <Line label={t('confirmation.total')} amount={money(checkout.total_amount)} total />
        </tbody>
      </table>
    </section>
  );
}

function Line(props: { label: string; amount: string; total?: boolean }) {
  return (
    <tr class={props.total ? 'total' : undefined}>
      <th scope="row">{props.label}</th>
      <td class="amount">{props.amount}</td>
    </tr>
  );
}

function billing(t: Translate, checkout: CheckoutPublic, money: (amount: number) => string): string {
  const product = checkout.product;
  if (!product?.recurring_interval) return t('confirmation.oneTime');
  const interval = intervalText(t, product.recurring_interval, product.recurring_interval_count);
  return t('confirmation.subscription', { amount: money(checkout.total_amount), interval });
}
