// What confirming a session needs of it: an e-mail, an address good enough for tax, a payment method when something is
// due, and the required billing details.
import type { ValidationIssue } from '../../kernel/errors';
import type { Checkout } from './checkout.entity';

/** What confirming needs: an e-mail, an address good enough for tax, a payment method when something is due, required fields. */
export function requiredData(
  checkout: Checkout,
  paymentNeeded: boolean,
  token: string | null | undefined,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const missing = (loc: (string | number)[], msg: string) => issues.push({ loc, msg, type: 'missing' });
  if (!checkout.customerEmail) missing(['body', 'customer_email'], 'An e-mail address is required.');
  const address = checkout.customerBillingAddress;
  const fullAddress = checkout.requireBillingAddress || checkout.isBusinessCustomer || address?.country === 'US';
  if (paymentNeeded && !address)
    missing(['body', 'customer_billing_address'], 'A billing address (at least the country) is required.');
  if (address && (address.country === 'US' || address.country === 'CA') && !address.state)
    missing(['body', 'customer_billing_address', 'state'], 'The state or province is required.');
  if (address && fullAddress) {
    for (const field of ['line1', 'city', 'postal_code'] as const)
      if (!address[field]) missing(['body', 'customer_billing_address', field], `${field} is required.`);
  }
  if (checkout.isBusinessCustomer && !checkout.customerBillingName)
    missing(['body', 'customer_billing_name'], 'A business needs its billing name.');
  if (paymentNeeded && checkout.taxAmount === null && address)
    missing(['body', 'customer_billing_address'], 'The billing address does not tell where tax is due.');
  if (paymentNeeded && !token) missing(['body', 'confirmation_token_id'], 'A payment method is required.');
  return issues;
}
