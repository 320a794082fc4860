// Grants as their holder sees them in the portal: the benefit without the merchant's metadata or archived files, the
// organization that gives it, and the caller as the customer.
import type { Benefit as BenefitOutput } from '../../contracts/benefit';
import { BenefitSubscriberOrganization, type BenefitSubscriber, type CustomerBenefitGrant } from '../../contracts/portal-benefit';
import type { CustomerPortalCustomer } from '../../contracts/portal-customer';
import { benefitOutput, type HeldGrant } from '../benefit';
import type { Organization } from '../organization';
import { customerOrganizationOutput } from './portal-organization';

export interface GrantViewer {
  customer: CustomerPortalCustomer;
  organization: Organization;
}

export function benefitSubscriberOutput(benefit: HeldGrant['benefit'], organization: Organization): BenefitSubscriber {
  const output = benefitOutput(benefit);
  const { metadata: _metadata, visibility: _visibility, visibility_configurable: _configurable, ...shown } = output;
  const subscriberOrganization = BenefitSubscriberOrganization.parse(customerOrganizationOutput(organization));
  return { ...shown, organization: subscriberOrganization, properties: subscriberProperties(output) } as BenefitSubscriber;
}

function subscriberProperties(benefit: BenefitOutput): BenefitSubscriber['properties'] {
  if (benefit.type !== 'downloadables') return benefit.properties;
  const { files, archived } = benefit.properties;
  return { active_files: files.filter((id) => !archived[id]) };
}

export function customerGrantOutput({ grant, benefit }: HeldGrant, viewer: GrantViewer): CustomerBenefitGrant {
  return {
    created_at: grant.createdAt.toISOString(),
    modified_at: grant.modifiedAt?.toISOString() ?? null,
    id: grant.id,
    granted_at: grant.grantedAt?.toISOString() ?? null,
    revoked_at: grant.revokedAt?.toISOString() ?? null,
    customer_id: grant.customerId,
    member_id: null,
    benefit_id: grant.benefitId,
    subscription_id: grant.subscriptionId,
    order_id: grant.orderId,
    is_granted: grant.grantedAt !== null && grant.revokedAt === null,
    is_revoked: grant.revokedAt !== null,
    error: grant.error,
    customer: viewer.customer,
    benefit: benefitSubscriberOutput(benefit, viewer.organization),
    properties: grant.properties,
  } as CustomerBenefitGrant;
}
