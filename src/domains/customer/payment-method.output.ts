// A saved method as the API shows it: a card with its brand, last four and expiry, or any other kind by its type.
import type { PaymentMethod as PaymentMethodOutput } from '../../contracts/payment-method';
import type { StoredPaymentMethod } from './payment-methods';

export function paymentMethodOutput(m: StoredPaymentMethod): PaymentMethodOutput {
  const base = {
    id: m.id,
    created_at: m.createdAt.toISOString(),
    modified_at: m.modifiedAt?.toISOString() ?? null,
    processor: 'stripe' as const,
    customer_id: m.customerId,
    is_default: m.isDefault,
    default: m.isDefault,
  };
  if (m.type === 'card' && m.brand && m.last4 && m.expMonth !== null && m.expYear !== null) {
    const metadata = { brand: m.brand, last4: m.last4, exp_month: m.expMonth, exp_year: m.expYear, wallet: null };
    return { ...base, type: 'card', method_metadata: metadata, card: metadata };
  }
  return { ...base, type: m.type };
}
