// The API's subscriptions as the customer portal shows them: no metadata, custom field data, customer or discount.
import type { CustomerOrganization } from '../../contracts/portal-customer-organization';
import { CustomerSubscription } from '../../contracts/portal-subscription';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';

export function customerSubscriptions(
  outputs: SubscriptionOutput[],
  organization: CustomerOrganization,
): CustomerSubscription[] {
  return outputs.map((output) =>
    CustomerSubscription.parse({ ...output, product: { ...output.product, organization } }),
  );
}
