// The subscription domain's rule for benefits: a subscription entitles its customer to the product's benefits while it
// is trialing, active or retrying payment (or paused, where the organization keeps benefits), and meter credits cycle with each paid period. The benefit domain reads it
// through `GrantSourceReader`, and license keys show the subscription's period.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LicenseKeySources } from '../../contracts/license-key-sources';
import type { GrantSourceReader } from '../benefit';
import { lastPaidCycleOf } from '../order';
import type { TestClockQueries } from '../test-clock';
import { grantsBenefits, LIVE_STATUSES, Subscription } from './subscription.entity';

export function subscriptionGrantSource(testClocks: TestClockQueries): GrantSourceReader {
  return {
    async state(em, organizationId, id) {
      const subscription = await em.findOne(Subscription, { id, organizationId });
      if (!subscription) return null;
      return {
        customerId: subscription.customerId,
        productId: subscription.productId,
        active: grantsBenefits(subscription),
        oneTime: false,
        cycleKey: await lastPaidCycleOf(em, subscription.id),
        at: await testClocks.now(em, subscription.testClockId),
        endedAt: subscription.endedAt,
        memberId: null,
      };
    },
    async holders(em, organizationId, productId) {
      const live = await em.find(Subscription, {
        organizationId,
        productId,
        $or: [{ status: { $in: [...LIVE_STATUSES] } }, { status: 'paused', pauseKeepsBenefits: true }],
      });
      return live.map((s) => ({ customerId: s.customerId, id: s.id }));
    },
  };
}

/** The subscription that granted a license key, as validate and activate show it: its period. */
export async function subscriptionOfLicenseKey(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<LicenseKeySources['subscription']> {
  const s = await em.findOne(Subscription, { id, organizationId });
  return (
    s && {
      id: s.id,
      status: s.status,
      current_period_start: s.currentPeriodStart.toISOString(),
      current_period_end: s.currentPeriodEnd.toISOString(),
      cancel_at_period_end: s.cancelAtPeriodEnd,
      ends_at: s.endsAt?.toISOString() ?? null,
    }
  );
}
