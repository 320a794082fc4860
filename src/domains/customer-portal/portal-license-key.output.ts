// A license key as its holder sees it in the customer portal: the merchant's metadata and external ids held back.
import type { LicenseKeyRead } from '../../contracts/license-key';

/** The key with the merchant's metadata and the external ids of customer and member held back; the contract drops the rest. */
export function asSeenByHolder<K extends LicenseKeyRead>(key: K) {
  const member = key.member && { ...key.member, external_id: null };
  return { ...key, customer: { ...key.customer, metadata: {}, external_id: null }, member };
}
