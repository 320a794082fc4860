// A license key as its holder sees it in the customer portal: the merchant's metadata and external ids held back.
import type { LicenseKeyRead } from '../../contracts/license-key';
import type { MemberRole } from '../customer';

/**
 * The key with the merchant's metadata and the external ids of customer and member held back, and to a plain member
 * the account's billing too (as `GET customers/me` shows it); the contract drops the rest.
 */
export function asSeenByHolder<K extends LicenseKeyRead>(key: K, role: MemberRole) {
  const member = key.member && { ...key.member, external_id: null };
  const customer = { ...key.customer, metadata: {}, external_id: null };
  if (role === 'member')
    Object.assign(customer, {
      billing_name: null,
      billing_address: null,
      tax_id: null,
      default_payment_method_id: null,
    });
  return { ...key, customer, member };
}
