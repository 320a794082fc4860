// The subscription workflow's activities: renewal steps retry until they succeed, a command gives up after a few tries.
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { SUBSCRIPTION_ACTIVITY } from './activity-options';

/** What charging a renewal's order came to (paid, still processing, or declined). */
export type RenewalCharge = Awaited<ReturnType<Activities['chargeSubscriptionOrder']>>;

/** Renewal steps retry until they succeed (a subscription must not die of an outage). */
export const acts = proxyActivities<Activities>(SUBSCRIPTION_ACTIVITY);
/** A command gives up after a few tries: its caller is waiting for an answer. */
export const { applySubscriptionCommand } = proxyActivities<Activities>({
  ...SUBSCRIPTION_ACTIVITY,
  retry: { ...SUBSCRIPTION_ACTIVITY.retry, maximumAttempts: 5 },
});
