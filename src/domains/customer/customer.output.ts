// Customers as the API shows them.
import type { Customer as CustomerOutput } from '../../contracts/customer';
import { avatarUrl } from './customer-avatar';
import type { Customer } from './customer.entity';

export function customerOutput(customer: Customer): CustomerOutput {
  return {
    id: customer.id,
    created_at: customer.createdAt.toISOString(),
    modified_at: customer.modifiedAt?.toISOString() ?? null,
    metadata: customer.metadata,
    external_id: customer.externalId,
    email: customer.email,
    email_verified: customer.emailVerified,
    type: 'individual',
    name: customer.name,
    billing_name: customer.billingName,
    billing_address: customer.billingAddress,
    tax_id: customer.taxId,
    locale: customer.locale,
    organization_id: customer.organizationId,
    default_payment_method_id: customer.defaultPaymentMethodId,
    deleted_at: customer.deletedAt?.toISOString() ?? null,
    first_user_event_at: customer.firstUserEventAt?.toISOString() ?? null,
    avatar_url: avatarUrl(customer),
    test_clock_id: customer.testClockId,
  };
}
