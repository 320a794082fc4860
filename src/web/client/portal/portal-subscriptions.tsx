// The customer's subscriptions, each with what it costs and when it renews or ends, and what the customer may do with it.
import type { CustomerOrder } from '../../../contracts/portal-order';
import type { CustomerSubscription } from '../../../contracts/portal-subscription';
import { SubscriptionCard } from './portal-subscription-card';
import type { PlanOption, SectionProps } from './section-props';
import { Pending, useLoad } from './use-load';

interface Subscriptions {
  items: CustomerSubscription[];
  /** The recurring products the customer knows of (from their subscriptions and orders): the plans they can move to. */
  plans: PlanOption[];
}

export function PortalSubscriptions(props: SectionProps) {
  const { t, call } = props;
  const loaded = useLoad<Subscriptions>(async () => {
    const [subscriptions, orders] = await Promise.all([
      call<{ items: CustomerSubscription[] }>('GET', '/subscriptions/?limit=100'),
      call<{ items: CustomerOrder[] }>('GET', '/orders/?limit=100&product_billing_type=recurring'),
    ]);
    return { items: subscriptions.items, plans: planOptions([...subscriptions.items.map((s) => s.product), ...orders.items.map((o) => o.product)]) };
  });
  const data = loaded.data;
  const replace = (changed: CustomerSubscription) =>
    data && loaded.replace({ ...data, items: data.items.map((item) => (item.id === changed.id ? changed : item)) });

  return (
    <section class="card" aria-labelledby="portal-subscriptions-heading">
      <h2 id="portal-subscriptions-heading">{t('portal.subscriptions.heading')}</h2>
      {!data && <Pending t={t} error={loaded.error} retry={loaded.reload} />}
      {data?.items.length === 0 && <p class="muted">{t('portal.subscriptions.empty')}</p>}
      {data && data.items.length > 0 && (
        <ul class="portal-list" aria-labelledby="portal-subscriptions-heading">
          {data.items.map((subscription) => (
            <li key={subscription.id} class="portal-item portal-subscription">
              <SubscriptionCard {...props} subscription={subscription} plans={data.plans} onChanged={replace} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function planOptions(products: (CustomerOrder['product'] | CustomerSubscription['product'])[]): PlanOption[] {
  const plans = new Map<string, PlanOption>();
  for (const product of products) {
    if (product?.is_recurring && !product.is_archived && product.visibility === 'public') plans.set(product.id, { id: product.id, name: product.name });
  }
  return [...plans.values()];
}
