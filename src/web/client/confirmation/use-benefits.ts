// What the purchase grants the buyer, read through their customer session once the checkout succeeded: the grants of
// this checkout, asked again until every benefit of the product is granted (the worker grants them shortly after the
// payment), with the license keys and the files of those granted so far.
import { useEffect, useState } from 'preact/hooks';
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import type { CustomerBenefitGrant } from '../../../contracts/portal-benefit-grant';
import type { DownloadableRead } from '../../../contracts/portal-downloadable';
import type { PortalLicenseKeyWithActivations } from '../../../contracts/portal-license-key';
import { api, ApiError } from '../shared/api';
import { poll } from '../shared/polling';
import { transient } from './use-checkout';

export interface GrantedKey {
  benefit: string;
  key: PortalLicenseKeyWithActivations;
}

export interface Benefits {
  /** waiting: some benefit is not granted yet; complete: all are; slow: the wait ran out first; rejected: the session is not valid. */
  progress: 'waiting' | 'complete' | 'slow' | 'rejected';
  licenseKeys: GrantedKey[];
  downloads: DownloadableRead[];
}

const EVERY_MS = 1_500;
const TIMEOUT_MS = 60_000;

export function useBenefits(checkout: CheckoutPublic, token: string | null, paid: boolean): Benefits {
  const expected = checkout.product?.benefits.length ?? 0;
  const [benefits, setBenefits] = useState<Benefits>({
    progress: expected ? 'waiting' : 'complete',
    licenseKeys: [],
    downloads: [],
  });
  useEffect(() => {
    if (!token || !paid || !expected) return;
    const keys = new Map<string, GrantedKey>();
    const files = new Map<string, DownloadableRead[]>();
    const read = <T>(path: string) => api<T>('GET', `/v1/customer-portal/${path}`, { token });
    const load = async () => {
      const grants = (
        await read<{ items: CustomerBenefitGrant[] }>(`benefit-grants/?checkout_id=${checkout.id}&limit=100`)
      ).items;
      const granted = grants.filter((grant) => grant.is_granted);
      for (const grant of granted) {
        const keyId =
          grant.benefit.type === 'license_keys'
            ? (grant.properties as { license_key_id?: string }).license_key_id
            : undefined;
        if (keyId && !keys.has(keyId)) {
          keys.set(keyId, {
            benefit: grant.benefit.description,
            key: await read<PortalLicenseKeyWithActivations>(`license-keys/${keyId}`),
          });
        }
        if (grant.benefit.type === 'downloadables' && !files.has(grant.benefit_id)) {
          files.set(
            grant.benefit_id,
            (await read<{ items: DownloadableRead[] }>(`downloadables/?benefit_id=${grant.benefit_id}&limit=100`))
              .items,
          );
        }
      }
      return granted.length >= expected;
    };
    const snapshot = (progress: Benefits['progress']) =>
      setBenefits({ progress, licenseKeys: [...keys.values()], downloads: [...files.values()].flat() });
    return poll({
      load,
      done: (complete) => complete,
      onValue: (complete) => snapshot(complete ? 'complete' : 'waiting'),
      onError: (error) => {
        if (transient(error)) return true;
        snapshot(error instanceof ApiError && error.status === 401 ? 'rejected' : 'slow');
        return false;
      },
      onTimeout: () => snapshot('slow'),
      everyMs: EVERY_MS,
      timeoutMs: TIMEOUT_MS,
    });
  }, [checkout.id, token, paid, expected]);
  return benefits;
}
