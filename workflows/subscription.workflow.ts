// One subscription (`subscription:<id>`) for its whole life: waits for the period's end (or dunning's next retry),
// renews and charges off-session, retries failed payments, ends when it was set to cancel or dunning gives up.
// Lifecycle commands are Updates run one at a time with the renewals. Continues as new after every billed period.
import {
  ApplicationFailure,
  condition,
  continueAsNew,
  currentUpdateInfo,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import {
  commandRefusal,
  nextRetryAt,
  upcomingSchedule,
  type SubscriptionCommand,
  type SubscriptionSchedule,
} from '../src/domains/subscription/subscription.logic';
import { SEARCH_ATTRIBUTES, SUBSCRIPTION_ACTIVITY } from '../temporal.config';
import { subscriptionCommandUpdate, upcomingQuery, type SubscriptionInput, type UpcomingSchedule } from './definitions';
import { businessFailure } from './failures';
import { workflowClock } from './time';

/** Renewal steps retry until they succeed (a subscription must not die of an outage). */
const acts = proxyActivities<Activities>(SUBSCRIPTION_ACTIVITY);
/** A command gives up after a few tries: its caller is waiting for an answer. */
const { applySubscriptionCommand } = proxyActivities<Activities>({ ...SUBSCRIPTION_ACTIVITY, retry: { ...SUBSCRIPTION_ACTIVITY.retry, maximumAttempts: 5 } });

export async function subscriptionLifecycle(input: SubscriptionInput): Promise<'ended'> {
  const { subscriptionId: id } = input;
  const clock = workflowClock(input.clock);
  let schedule: SubscriptionSchedule | undefined;
  let dunning = input.dunning ?? null;
  let cycles = input.cycles ?? 0;
  let commands = 0;
  let busy = false;

  /** Renewals and commands run one at a time. */
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    await condition(() => !busy);
    busy = true;
    try {
      return await work();
    } finally {
      busy = false;
    }
  };
  const refuse = (command: SubscriptionCommand) => {
    const refusal = schedule && commandRefusal(schedule, command);
    if (refusal) throw ApplicationFailure.nonRetryable(refusal.message, refusal.type);
  };
  const upcoming = (): UpcomingSchedule => upcomingSchedule(schedule, dunning?.nextAttemptAt ?? null);
  /** The operator's view in the Web UI: status as a search attribute, the next action as current details. */
  const show = (next: SubscriptionSchedule) => {
    if (next.status !== schedule?.status) upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.SubscriptionStatus, value: next.status }]);
    schedule = next;
    const { status, next: action } = upcoming();
    setCurrentDetails(
      `**${status}** · period ends ${next.currentPeriodEnd} · next: ${action.action}${action.at ? ` at ${action.at}` : ''} · ${cycles} billed period(s)`,
    );
  };

  setHandler(upcomingQuery, upcoming);
  setHandler(
    subscriptionCommandUpdate,
    async (command) => {
      await condition(() => schedule !== undefined);
      await exclusive(async () => {
        refuse(command); // again: an earlier command may have changed what is legal
        try {
          show(await applySubscriptionCommand(id, command, clock.now().toISOString(), currentUpdateInfo()!.id));
        } catch (error) {
          throw businessFailure(error, 'The change could not be made now; try again later.', 'ServiceUnavailable');
        }
        commands++;
      });
    },
    { validator: refuse },
  );

  show(input.schedule ?? (await acts.subscriptionSchedule(id)));
  clock.catchUp(schedule!.clockTime);

  /** Charges an order (attempt n of its dunning) at `at`: paid → active; declined → past_due and the next retry, or the end. */
  const chargeAt = async (orderId: string, attempt: number, at: string) => {
    const outcome = await acts.chargeSubscriptionOrder(orderId, attempt);
    if ('chargeId' in outcome) {
      dunning = null;
      return show(await acts.recordSubscriptionPayment(orderId, outcome.chargeId, at));
    }
    const retryAt = nextRetryAt(new Date(at), attempt, schedule!.dunningDays, outcome.unrecoverable);
    show(await acts.recordSubscriptionFailure(id, orderId, retryAt?.toISOString() ?? null, at));
    dunning = retryAt && { orderId, failures: attempt, nextAttemptAt: retryAt.toISOString() };
    if (!retryAt) show(await acts.endSubscription(id, at));
  };

  while (schedule!.status !== 'canceled') {
    const seen = commands;
    const due = dunning ? dunning.nextAttemptAt : schedule!.currentPeriodEnd;
    if (await clock.waitUntil(new Date(due), () => commands !== seen || schedule!.status === 'canceled')) continue; // a command changed the plan
    const renewed = await exclusive(async () => {
      // Read again under the lock: a command that held it may have revoked the subscription or changed the plan.
      if (schedule!.status === 'canceled') return false;
      if (dunning) {
        const { orderId, failures, nextAttemptAt } = dunning;
        await chargeAt(orderId, failures + 1, nextAttemptAt);
        return false;
      }
      const periodEnd = schedule!.currentPeriodEnd;
      if (clock.now().getTime() < Date.parse(periodEnd)) return false; // the period was extended meanwhile
      if (schedule!.cancelAtPeriodEnd) return (show(await acts.endSubscription(id, periodEnd)), false);
      const { orderId } = await acts.renewSubscription(id, periodEnd, periodEnd);
      cycles++;
      await chargeAt(orderId, 1, periodEnd);
      return true;
    });
    if (renewed || workflowInfo().continueAsNewSuggested) {
      await clock.end();
      return continueAsNew<typeof subscriptionLifecycle>({
        subscriptionId: id,
        clock: clock.carry(),
        dunning,
        cycles,
        schedule: { ...schedule!, clockTime: null },
      });
    }
  }
  await clock.end();
  return 'ended';
}
