// One subscription (`subscription:<id>`) for its whole life: waits for the period's end (or dunning's next retry),
// renews and charges off-session, retries failed payments, ends when it was set to cancel or dunning gives up.
// A charge the processor reports as processing keeps its order pending until the processor's webhook settles it (a
// signal) or its deadline passes (then it is canceled there). Lifecycle commands are Updates run one at a time with
// the renewals, also while a charge is processing. Continues as new after every billed period.
import {
  ApplicationFailure,
  condition,
  continueAsNew,
  currentUpdateInfo,
  patched,
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
import { PAYMENT_SETTLEMENT_TIMEOUT_MS, SEARCH_ATTRIBUTES } from '../temporal.config';
import { SUBSCRIPTION_ACTIVITY } from './activity-options';
import {
  paymentSettledSignal,
  subscriptionCommandUpdate,
  upcomingQuery,
  type AwaitedCharge,
  type Settlement,
  type SubscriptionInput,
  type UpcomingSchedule,
} from './definitions';
import { businessFailure } from './failures';
import { workflowClock } from './time';

/** What charging a renewal's order came to (paid, still processing, or declined). */
type RenewalCharge = Awaited<ReturnType<Activities['chargeSubscriptionOrder']>>;

/** Renewal steps retry until they succeed (a subscription must not die of an outage). */
const acts = proxyActivities<Activities>(SUBSCRIPTION_ACTIVITY);
/** A command gives up after a few tries: its caller is waiting for an answer. */
const { applySubscriptionCommand } = proxyActivities<Activities>({
  ...SUBSCRIPTION_ACTIVITY,
  retry: { ...SUBSCRIPTION_ACTIVITY.retry, maximumAttempts: 5 },
});

/** Added after histories were recorded (`patched`): a renewal charge still processing waits for its settlement. */
const AWAIT_SETTLEMENT = 'subscription-await-charge-settlement';
/** Added after histories were recorded (`patched`): a subscription ending at period end bills that period's usage. */
const BILL_FINAL_USAGE = 'subscription-bill-final-usage';
/** Added after histories were recorded (`patched`): renewal, charge and payment are one activity (two round trips fewer). */
const RENEW_IN_ONE_STEP = 'subscription-renew-in-one-step';
/**
 * Added after histories were recorded (`patched`): a run continuing as new answers the clock Update `settled` when the
 * next run has nothing due by the clock's time, so the clock need not send its Update again to the next run.
 */
const SETTLE_ACROSS_RUNS = 'subscription-settle-across-runs';

export async function subscriptionLifecycle(input: SubscriptionInput): Promise<'ended'> {
  const { subscriptionId: id } = input;
  const clock = workflowClock(input.clock);
  let schedule: SubscriptionSchedule | undefined;
  let dunning = input.dunning ?? null;
  /** A renewal charge the processor is still processing; the main loop waits for its settlement or its deadline. */
  let awaited: AwaitedCharge | null = input.awaitedCharge ?? null;
  const settlements = new Map<string, Settlement>();
  if (awaited?.settlement) settlements.set(awaited.chargeId, awaited.settlement);
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
    if (next.status !== schedule?.status)
      upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.SubscriptionStatus, value: next.status }]);
    schedule = next;
    const { status, next: action } = upcoming();
    const processing = awaited ? ` · payment ${awaited.chargeId} processing until ${awaited.settleBy}` : '';
    setCurrentDetails(
      `**${status}** · period ends ${next.currentPeriodEnd} · next: ${action.action}${action.at ? ` at ${action.at}` : ''} · ${cycles} billed period(s)${processing}`,
    );
  };

  setHandler(upcomingQuery, upcoming);
  setHandler(paymentSettledSignal, (settlement) => void settlements.set(settlement.chargeId, settlement));
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

  /** The order is paid: dunning is over, the subscription active. */
  const paid = async (orderId: string, chargeId: string | null, at: string) => {
    dunning = null;
    show(await acts.recordSubscriptionPayment(orderId, chargeId, at));
  };
  /** Attempt n of the order failed: past_due and the next retry, or the end. */
  const failed = async (orderId: string, attempt: number, at: string, unrecoverable: boolean) => {
    const retryAt = nextRetryAt(new Date(at), attempt, schedule!.dunningDays, unrecoverable);
    show(await acts.recordSubscriptionFailure(id, orderId, retryAt?.toISOString() ?? null, at));
    dunning = retryAt && { orderId, failures: attempt, nextAttemptAt: retryAt.toISOString() };
    if (!retryAt) show(await acts.endSubscription(id, at));
  };

  /** Charges an order (attempt n of its dunning) at `at`: paid, declined, or still processing (awaited). */
  const chargeAt = async (orderId: string, attempt: number, at: string) =>
    charged(orderId, attempt, at, await acts.chargeSubscriptionOrder(orderId, attempt));
  /** What the charge of attempt n came to: paid, declined (dunning), or still processing (awaited). */
  const charged = async (orderId: string, attempt: number, at: string, outcome: RenewalCharge) => {
    if ('declined' in outcome) return failed(orderId, attempt, at, outcome.unrecoverable);
    if (outcome.pending && outcome.chargeId && patched(AWAIT_SETTLEMENT)) {
      const settleBy = new Date(clock.now().getTime() + (outcome.settleWithinMs ?? PAYMENT_SETTLEMENT_TIMEOUT_MS));
      awaited = { orderId, chargeId: outcome.chargeId, attempt, settleBy: settleBy.toISOString() };
      return show(schedule!);
    }
    await paid(orderId, outcome.chargeId, at);
  };
  /** Renews the period ending at `periodEnd` and charges its order (attempt 1). */
  const renew = async (periodEnd: string) => {
    if (patched(RENEW_IN_ONE_STEP)) {
      const { orderId, charge, paidSchedule } = await acts.renewAndChargeSubscription(id, periodEnd);
      cycles++;
      if (!paidSchedule) return charged(orderId, 1, periodEnd, charge);
      dunning = null;
      return show(paidSchedule);
    }
    const { orderId } = await acts.renewSubscription(id, periodEnd, periodEnd);
    cycles++;
    await chargeAt(orderId, 1, periodEnd);
  };

  /**
   * The last period's usage of a subscription ending at period end: charged once, like a renewal, before it ends; a
   * declined (or still processing, then canceled) order is voided with the end: no dunning for a subscription that is over.
   */
  const chargeFinalUsage = async (periodEnd: string) => {
    const { orderId } = await acts.billFinalUsage(id, periodEnd);
    if (!orderId) return;
    const outcome = await acts.chargeSubscriptionOrder(orderId, 1);
    if ('declined' in outcome) return;
    // A charge still processing is not awaited past the end: canceled at the processor, unless it went through meanwhile.
    const through =
      !outcome.pending ||
      !outcome.chargeId ||
      (await acts.cancelSubscriptionCharge(orderId, outcome.chargeId)) === 'succeeded';
    if (through) show(await acts.recordSubscriptionPayment(orderId, outcome.chargeId, periodEnd));
  };

  /** Whether the awaited charge went through: its settlement, or, without one, what canceling it at the processor finds. */
  const awaitedSucceeded = async ({ orderId, chargeId }: AwaitedCharge) => {
    const settlement = settlements.get(chargeId);
    return settlement ? settlement.succeeded : (await acts.cancelSubscriptionCharge(orderId, chargeId)) === 'succeeded';
  };
  /** What the next run waits for first (as its loop does); null when it has work at once (a settlement) or ends. */
  const nextDeadline = (): string | null => {
    if (schedule!.status === 'canceled' || (awaited && settlements.has(awaited.chargeId))) return null;
    return awaited?.settleBy ?? dunning?.nextAttemptAt ?? schedule!.currentPeriodEnd;
  };
  /** The next run's awaited charge, with a settlement that arrived meanwhile (only when there is one: histories replay). */
  const carriedCharge = () =>
    awaited ? { awaitedCharge: { ...awaited, settlement: settlements.get(awaited.chargeId) ?? null } } : {};
  /** The awaited charge settled (now) or its time ran out (at its deadline): paid, or a failed attempt that dunning retries. */
  const settleAwaited = async () => {
    if (!awaited || schedule!.status === 'canceled') return;
    const charge = awaited;
    const at = settlements.has(charge.chargeId) ? clock.now().toISOString() : charge.settleBy;
    const succeeded = await awaitedSucceeded(charge);
    awaited = null;
    if (succeeded) await paid(charge.orderId, charge.chargeId, at);
    else await failed(charge.orderId, charge.attempt, at, false);
  };

  while (schedule!.status !== 'canceled') {
    const seen = commands;
    if (awaited) {
      const { chargeId, settleBy } = awaited;
      const woken = await clock.waitUntil(
        new Date(settleBy),
        () => settlements.has(chargeId) || commands !== seen || schedule!.status === 'canceled',
      );
      if (!woken || settlements.has(chargeId)) await exclusive(settleAwaited);
      continue; // or a command changed the plan
    }
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
      if (schedule!.cancelAtPeriodEnd) {
        if (patched(BILL_FINAL_USAGE)) await chargeFinalUsage(periodEnd); // before the end takes the credits back
        show(await acts.endSubscription(id, periodEnd));
        return false;
      }
      await renew(periodEnd);
      return true;
    });
    if (renewed || workflowInfo().continueAsNewSuggested) {
      await clock.end(patched(SETTLE_ACROSS_RUNS) ? nextDeadline() : null);
      return continueAsNew<typeof subscriptionLifecycle>({
        subscriptionId: id,
        clock: clock.carry(),
        dunning,
        ...carriedCharge(),
        cycles,
        schedule: { ...schedule!, clockTime: null },
      });
    }
  }
  if (awaited) {
    // It ended (revoked) while a renewal charge was processing: its order is void, so the charge must not stand.
    const charge = awaited;
    if (await awaitedSucceeded(charge)) await acts.refundSubscriptionCharge(charge.orderId, charge.chargeId);
    awaited = null;
  }
  await clock.end();
  return 'ended';
}
