// A license key as its holder sees it in the customer portal: the merchant's metadata and external id held back.
import type { LicenseKeyRead } from '../../contracts/license-key';

/** The key with the merchant's metadata and external id of the customer held back; the portal's contract drops the rest. */
export function asSeenByHolder<K extends LicenseKeyRead>(key: K) {
  return { ...key, customer: { ...key.customer, metadata: {}, external_id: null } };
}
