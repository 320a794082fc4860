// License keys' pure rules: the key's form, how it is shown, when it expires.
import { addInterval } from '../../../kernel/calendar';

export interface LicenseKeyProperties {
  prefix: string | null;
  expires: { ttl: number; timeframe: 'year' | 'month' | 'day' } | null;
  activations: { limit: number; enable_customer_admin: boolean } | null;
  limit_usage: number | null;
}

/** An upper-cased UUID, after the benefit's prefix (trimmed of dashes, upper-cased) when it has one. */
export function licenseKeyString(uuid: string, prefix: string | null): string {
  const cleaned = (prefix ?? '').replace(/^-+|-+$/g, '').toUpperCase();
  return cleaned ? `${cleaned}-${uuid.toUpperCase()}` : uuid.toUpperCase();
}

/** `****-` and the key's last six characters. */
export const displayKey = (key: string): string => `****-${key.slice(-6)}`;

/** One-time purchases expire `ttl` timeframes after the grant; subscription keys follow their subscription instead. */
export function licenseKeyExpiry(properties: LicenseKeyProperties, grantedAt: Date, oneTime: boolean): Date | null {
  if (!oneTime || !properties.expires) return null;
  return addInterval(grantedAt, properties.expires.timeframe, properties.expires.ttl);
}

export type ActivationConditions = Record<string, string | number | boolean>;

/** Why a key cannot be used at `now`: not `granted`, or past its expiry; null when it can. */
export function unusableBecause(
  key: { status: string; expiresAt: Date | null },
  now: Date,
): 'inactive' | 'expired' | null {
  if (key.status !== 'granted') return 'inactive';
  if (key.expiresAt && now.getTime() >= key.expiresAt.getTime()) return 'expired';
  return null;
}

/**
 * An activation's conditions hold when the request names exactly the same keys and values; an activation made
 * without conditions accepts any request (as the reference does).
 */
export function conditionsMatch(required: ActivationConditions, given: ActivationConditions): boolean {
  const keys = Object.keys(required);
  if (!keys.length) return true;
  return (
    keys.length === Object.keys(given).length &&
    keys.every((key) => Object.hasOwn(given, key) && given[key] === required[key])
  );
}

const MAX_INT32 = 2_147_483_647;

/** How many usages a key has left: up to its `limit_usage`, and never past what the counter column can hold. */
export function remainingUsages(usage: number, limitUsage: number | null): number {
  const room = MAX_INT32 - usage;
  return Math.max(0, limitUsage === null ? room : Math.min(limitUsage - usage, room));
}

/** Another activation is allowed while the live ones are fewer than the limit; a key without a limit takes none. */
export function activationRefusal(
  limitActivations: number | null,
  liveActivations: number,
): 'unsupported' | 'limit_reached' | null {
  if (!limitActivations) return 'unsupported';
  return liveActivations >= limitActivations ? 'limit_reached' : null;
}
