// Grants as the API and the benefit_grant.* webhooks show them, with the member a seat's grant is held by.
import type { BenefitGrant as BenefitGrantOutput } from '../../../contracts/benefit-grant';
import type { BenefitGrantProperties } from '../../../contracts/benefit-grant-properties';
import { customerOutput, memberOutput, type Customer, type StoredMember } from '../../customer';
import type { Benefit } from '../benefit.entity';
import { benefitOutput } from '../benefit.output';
import type { BenefitGrant } from './benefit-grant.entity';

export function benefitGrantOutput(
  grant: BenefitGrant,
  customer: Customer,
  benefit: Benefit,
  member: StoredMember | null | undefined = null,
): BenefitGrantOutput {
  const granted = grant.grantedAt !== null && grant.revokedAt === null;
  return {
    created_at: grant.createdAt.toISOString(),
    modified_at: grant.modifiedAt?.toISOString() ?? null,
    id: grant.id,
    granted_at: grant.grantedAt?.toISOString() ?? null,
    is_granted: granted,
    revoked_at: grant.revokedAt?.toISOString() ?? null,
    is_revoked: grant.revokedAt !== null,
    subscription_id: grant.subscriptionId,
    order_id: grant.orderId,
    customer_id: grant.customerId,
    member_id: grant.memberId,
    benefit_id: grant.benefitId,
    error: grant.error,
    customer: customerOutput(customer),
    member: member ? memberOutput(member) : null,
    benefit: benefitOutput(benefit),
    properties: grant.properties as BenefitGrantProperties,
  };
}
