// Subscription rules that need no database: what the workflow shows as upcoming. The command and schedule types live
// with the flow's definitions, where the workflow takes them; the other rules are in their own *.logic.ts files
// (subscription-command, dunning, renewal-lines, plan-change).
import type { SubscriptionCommand, SubscriptionSchedule, UpcomingSchedule } from '../../../workflows/definitions';
import { addInterval } from '../../kernel/calendar';

export type { SubscriptionCommand, SubscriptionSchedule };

/** What the subscription will do next (a renewal, its end, a payment retry) and the next three renewals. */
export function upcomingSchedule(schedule: SubscriptionSchedule | undefined, retryAt: string | null): UpcomingSchedule {
  const at = (
    action: UpcomingSchedule['next']['action'],
    when: string | null,
    renewals: string[] = [],
  ): UpcomingSchedule => ({
    status: schedule?.status ?? 'starting',
    next: { action, at: when },
    renewals,
  });
  if (!schedule || schedule.status === 'canceled') return at('none', null);
  if (retryAt) return at('retry_payment', retryAt);
  if (schedule.cancelAtPeriodEnd) return at('end', schedule.currentPeriodEnd);
  const resumesAt = schedule.resumesAt ?? null;
  // Paused, or pausing at the period's end: the renewals start again on the resume date, its day the new anchor day.
  if (schedule.status === 'paused' || schedule.pauseAtPeriodEnd) {
    const paused = { since: schedule.pausedAt ?? null, until: resumesAt };
    const resumed = resumesAt ? renewalsFrom(schedule, new Date(resumesAt), new Date(resumesAt).getUTCDate()) : [];
    const next =
      schedule.status === 'paused'
        ? at(resumesAt ? 'resume' : 'none', resumesAt, resumed)
        : at('pause', schedule.currentPeriodEnd, resumed);
    return { ...next, paused };
  }
  return at('renew', schedule.currentPeriodEnd, renewalsFrom(schedule, new Date(schedule.currentPeriodEnd)));
}

/** Three renewals from `first`, on the anchor day. */
function renewalsFrom(schedule: SubscriptionSchedule, first: Date, anchorDay = schedule.anchorDay): string[] {
  const renewals = [first];
  while (renewals.length < 3)
    renewals.push(addInterval(renewals[renewals.length - 1], schedule.interval, schedule.intervalCount, anchorDay));
  return renewals.map((d) => d.toISOString());
}
