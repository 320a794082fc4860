// Refunds as the API and the refund.* webhooks show them.
import type { Refund as RefundOutput } from '../../../contracts/refund';
import type { Refund } from './refund.entity';

export function refundOutput(refund: Refund): RefundOutput {
  return {
    created_at: refund.createdAt.toISOString(),
    modified_at: refund.modifiedAt?.toISOString() ?? null,
    id: refund.id,
    metadata: refund.metadata,
    status: refund.status,
    reason: refund.reason,
    amount: refund.amount,
    tax_amount: refund.taxAmount,
    currency: refund.currency,
    organization_id: refund.organizationId,
    order_id: refund.orderId,
    subscription_id: refund.subscriptionId,
    customer_id: refund.customerId,
    revoke_benefits: refund.revokeBenefits,
    dispute: null,
  };
}
