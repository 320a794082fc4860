// The caller as the customer portal shows them: their own details, none of what the merchant keeps about them.
import type { CustomerPortalCustomer } from '../../contracts/portal-customer';
import type { Customer } from '../customer';

export function portalCustomerOutput(customer: Customer): CustomerPortalCustomer {
  return {
    created_at: customer.createdAt.toISOString(),
    modified_at: customer.modifiedAt?.toISOString() ?? null,
    id: customer.id,
    email: customer.email,
    email_verified: customer.emailVerified,
    name: customer.name,
    billing_name: customer.billingName,
    billing_address: customer.billingAddress,
    tax_id: customer.taxId,
    oauth_accounts: {},
    default_payment_method_id: null,
    type: 'individual',
    locale: customer.locale,
  };
}
