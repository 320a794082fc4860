// The customer's subscriptions, each with what it costs and when it renews or ends, and what the customer may do with it.
import type { CustomerOrganizationData, CustomerProduct } from '../../../contracts/portal-organization';
import type { CustomerSubscription } from '../../../contracts/portal-subscription';
import { SubscriptionCard } from './portal-subscription-card';
import type { SectionProps } from './section-props';
import { ListSection } from './portal-list-section';
import { useLoad } from './use-load';

interface Subscriptions {
  items: CustomerSubscription[];
  /** The organization's public products: the plans a subscription can move to are among them. */
  products: CustomerProduct[];
}

export function PortalSubscriptions(props: SectionProps) {
  const { t, call } = props;
  const loaded = useLoad<Subscriptions>(async () => {
    const [subscriptions, organization] = await Promise.all([
      call<{ items: CustomerSubscription[] }>('GET', '/subscriptions/?limit=100'),
      call<CustomerOrganizationData>('GET', `/organizations/${encodeURIComponent(props.slug)}`),
    ]);
    return { items: subscriptions.items, products: organization.products };
  });
  const data = loaded.data;
  const replace = (changed: CustomerSubscription) =>
    data && loaded.replace({ ...data, items: data.items.map((item) => (item.id === changed.id ? changed : item)) });

  return (
    <ListSection
      t={t}
      id="portal-subscriptions"
      heading={t('portal.subscriptions.heading')}
      empty={t('portal.subscriptions.empty')}
      items={data?.items}
      loaded={loaded}
    >
      {(items) => (
        <ul class="portal-list" aria-labelledby="portal-subscriptions-heading">
          {items.map((subscription) => (
            <li key={subscription.id} class="portal-item portal-subscription">
              <SubscriptionCard
                {...props}
                subscription={subscription}
                products={data?.products ?? []}
                onChanged={replace}
              />
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
