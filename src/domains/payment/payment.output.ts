// A payment as the API shows it: a card payment with its brand and last four, or a generic one.
import type { Payment as PaymentOutput } from '../../contracts/payment';
import type { Payment } from './payment.entity';

export function paymentOutput(payment: Payment): PaymentOutput {
  const common = {
    created_at: payment.createdAt.toISOString(),
    modified_at: payment.modifiedAt?.toISOString() ?? null,
    id: payment.id,
    processor: 'stripe' as const,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    trigger: payment.trigger,
    decline_reason: payment.declineReason,
    decline_message: payment.declineMessage,
    organization_id: payment.organizationId,
    checkout_id: payment.checkoutId,
    order_id: payment.orderId,
  };
  if (payment.method === 'card' && payment.brand !== null && payment.last4 !== null)
    return { ...common, method: 'card', method_metadata: { brand: payment.brand, last4: payment.last4 } };
  return { ...common, method: payment.method };
}
