// Which benefits a change grants or revokes: a subscription entitles its customer to its product's benefits while it
// lives (subscription-grant-source.ts), so they follow the product it moves to, and all go when it ends.
import type { SubscriptionCommand } from './subscription.logic';

export interface BenefitRef {
  id: string;
}

/**
 * The benefits granted and revoked when a subscription holding `before` takes `command` (`after`: the new product's).
 * A pause revokes them and a resume grants them again, unless the pause keeps them (`keptWhilePaused`); ending a
 * subscription whose benefits a pause already took (`held` false) revokes nothing more.
 */
export function benefitEffects<B extends BenefitRef>(
  kind: SubscriptionCommand['kind'],
  before: readonly B[],
  after: readonly B[],
  keptWhilePaused = false,
  held = true,
): { granted: B[]; revoked: B[] } {
  if (kind === 'cancel' || kind === 'revoke') return { granted: [], revoked: held ? [...before] : [] };
  if (kind === 'pause' && !keptWhilePaused) return { granted: [], revoked: [...before] };
  if (kind === 'resume' && !keptWhilePaused) return { granted: [...before], revoked: [] };
  if (kind !== 'change') return { granted: [], revoked: [] };
  const had = new Set(before.map((b) => b.id));
  const has = new Set(after.map((b) => b.id));
  return { granted: after.filter((b) => !had.has(b.id)), revoked: before.filter((b) => !has.has(b.id)) };
}
