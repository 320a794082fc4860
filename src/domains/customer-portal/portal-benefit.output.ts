// Grants as their holder sees them in the portal: the benefit without the merchant's metadata or archived files, the
// organization that gives it, and the caller as the customer. Each is the API's output parsed through the portal's
// contract, which keeps only the fields the portal shows.
import type { Benefit as BenefitOutput } from '../../contracts/benefit';
import type { BenefitGrant as BenefitGrantOutput } from '../../contracts/benefit-grant';
import { BenefitSubscriber } from '../../contracts/portal-benefit-subscriber';
import { CustomerBenefitGrant } from '../../contracts/portal-benefit-grant';
import type { CustomerPortalCustomer } from '../../contracts/portal-customer';
import type { CustomerOrganization } from '../../contracts/portal-customer-organization';

export interface GrantViewer {
  customer: CustomerPortalCustomer;
  organization: CustomerOrganization;
}

export function benefitSubscriberOutput(benefit: BenefitOutput, organization: CustomerOrganization): BenefitSubscriber {
  return BenefitSubscriber.parse({ ...benefit, organization, properties: subscriberProperties(benefit) });
}

function subscriberProperties(benefit: BenefitOutput): BenefitSubscriber['properties'] {
  if (benefit.type !== 'downloadables') return benefit.properties;
  const { files, archived } = benefit.properties;
  return { active_files: files.filter((id) => !archived[id]) };
}

export function customerGrantOutput(grant: BenefitGrantOutput, viewer: GrantViewer): CustomerBenefitGrant {
  return CustomerBenefitGrant.parse({
    ...grant,
    customer: viewer.customer,
    benefit: benefitSubscriberOutput(grant.benefit, viewer.organization),
  });
}
