// A checkout as its customer sees it through the client secret: no merchant-only fields, plus the organization.
import type { EntityManager } from '@mikro-orm/postgresql';
import { publicOrganizationOutput } from '../organization';
import type { Checkout } from './checkout.entity';
import { checkoutOutput, type CheckoutOutputDeps } from './checkout.output';

/** What the client-secret endpoints show: no merchant-only fields, plus the organization. */
export async function checkoutPublicOutput(em: EntityManager, deps: CheckoutOutputDeps, checkout: Checkout) {
  const {
    trial_interval,
    trial_interval_count,
    metadata,
    external_customer_id,
    subscription_id,
    customer_metadata,
    ...rest
  } = await checkoutOutput(em, deps, checkout);
  void [trial_interval, trial_interval_count, metadata, subscription_id, customer_metadata];
  const organization = await deps.organizations.findOrganization(em, checkout.organizationId);
  return { ...rest, customer_external_id: external_customer_id, organization: publicOrganizationOutput(organization) };
}
