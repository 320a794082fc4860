// The caller as the customer portal shows them: their own details, none of what the merchant keeps about them.
import type { Customer as CustomerOutput } from '../../contracts/customer';
import { CustomerPortalCustomer } from '../../contracts/portal-customer';

/** The API's customer through the portal's contract, which keeps only the portal's fields. */
export function portalCustomerOutput(customer: CustomerOutput): CustomerPortalCustomer {
  return CustomerPortalCustomer.parse({ ...customer, oauth_accounts: {} }); // Bursar connects no OAuth accounts
}

/** What a plain member sees of its account: who it is, none of its billing (address, tax ID, saved methods). */
export function memberViewOfCustomer(customer: CustomerPortalCustomer): CustomerPortalCustomer {
  return { ...customer, billing_name: null, billing_address: null, tax_id: null, default_payment_method_id: null };
}
