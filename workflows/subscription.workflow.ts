// One subscription (`subscription:<id>`) for its whole life: waits for the period's end (or dunning's next retry),
// renews and charges off-session, retries failed payments, ends when it was set to cancel or dunning gives up.
// A charge the processor reports as processing keeps its order pending until the processor's webhook settles it (a
// signal) or its deadline passes (then it is canceled there). Lifecycle commands are Updates run one at a time with
// the renewals, also while a charge is processing. A paused subscription waits for its resume date or a command
// (`subscription-pause.ts`). Continues as new after every billed period and when it pauses.
import { condition, continueAsNew, currentUpdateInfo, patched, setHandler, workflowInfo } from '@temporalio/workflow';
import { paymentSettledSignal, subscriptionCommandUpdate, upcomingQuery, type SubscriptionInput } from './definitions';
import { businessFailure } from './failures';
import { acts, applySubscriptionCommand } from './subscription-activities';
import { awaitedSucceeded, chargeAt, chargeFinalUsage, renew, settleAwaited } from './subscription-charges';
import { BILL_FINAL_USAGE, DUNNING_AFTER_COMMAND, PAUSE_AND_RESUME, SETTLE_ACROSS_RUNS } from './subscription-patches';
import { pauseAt, whilePaused } from './subscription-pause';
import { handlePayNow } from './subscription-pay-now';
import { SubscriptionRun } from './subscription-run';
import { renewalDueAt } from '../src/domains/subscription/renewal-spread.logic';

export async function subscriptionLifecycle(input: SubscriptionInput): Promise<'ended'> {
  const run = new SubscriptionRun(input);
  const { id, clock } = run;

  setHandler(upcomingQuery, () => run.upcoming());
  setHandler(paymentSettledSignal, (settlement) => void run.settlements.set(settlement.chargeId, settlement));
  setHandler(
    subscriptionCommandUpdate,
    async (command) => {
      await condition(() => run.schedule !== undefined);
      await run.exclusive(async () => {
        run.refuse(command); // again: an earlier command may have changed what is legal
        const at = clock.now().toISOString();
        try {
          run.show(await applySubscriptionCommand(id, command, at, currentUpdateInfo()!.id));
        } catch (error) {
          throw businessFailure(error, 'The change could not be made now; try again later.', 'ServiceUnavailable');
        }
        // Resumed now: the new period starts now and is charged, as a renewal is.
        if (command.kind === 'resume' && run.schedule!.status === 'active' && patched(PAUSE_AND_RESUME))
          await renew(run, at);
        run.commands++;
      });
    },
    { validator: (command) => run.refuse(command) },
  );
  handlePayNow(run);

  run.show(input.schedule ?? (await acts.subscriptionSchedule(id)));
  clock.catchUp(run.schedule!.clockTime);

  /** What the next run waits for first (as its loop does); null when it has work at once (a settlement) or ends. */
  const nextDeadline = (): string | null => {
    const { schedule, awaited, dunning, settlements } = run;
    if (schedule!.status === 'canceled' || (awaited && settlements.has(awaited.chargeId))) return null;
    if (schedule!.status === 'paused') return schedule!.resumesAt ?? null; // none: the clock sends again
    return awaited?.settleBy ?? dunning?.nextAttemptAt ?? schedule!.currentPeriodEnd;
  };
  /** The next run's awaited charge, with a settlement that arrived meanwhile (only when there is one: histories replay). */
  const carriedCharge = () =>
    run.awaited
      ? { awaitedCharge: { ...run.awaited, settlement: run.settlements.get(run.awaited.chargeId) ?? null } }
      : {};

  /** The next run, with what this one keeps (it carries the schedule: commands run inside the workflow). */
  const continueRun = async (): Promise<never> => {
    await clock.end(patched(SETTLE_ACROSS_RUNS) ? nextDeadline() : null);
    return continueAsNew<typeof subscriptionLifecycle>({
      subscriptionId: id,
      clock: clock.carry(),
      dunning: run.dunning,
      ...carriedCharge(),
      cycles: run.cycles,
      schedule: { ...run.schedule!, clockTime: null },
    });
  };

  while (run.schedule!.status !== 'canceled') {
    const seen = run.commands;
    if (run.awaited) {
      const { chargeId, settleBy } = run.awaited;
      const woken = await clock.waitUntil(
        new Date(settleBy),
        () => run.settlements.has(chargeId) || run.commands !== seen || run.schedule!.status === 'canceled',
      );
      if (!woken || run.settlements.has(chargeId)) await run.exclusive(() => settleAwaited(run));
      continue; // or a command changed the plan
    }
    if (run.schedule!.status === 'paused' && patched(PAUSE_AND_RESUME)) {
      if (!(await whilePaused(run, seen))) continue; // a command changed the plan
      await continueRun();
    }
    const { currentPeriodEnd, cancelAtPeriodEnd, pauseAtPeriodEnd, renewalSpreadMs } = run.schedule!;
    const due = run.dunning
      ? run.dunning.nextAttemptAt
      : cancelAtPeriodEnd || (pauseAtPeriodEnd && patched(PAUSE_AND_RESUME))
        ? currentPeriodEnd
        : renewalDueAt(currentPeriodEnd, id, renewalSpreadMs);
    if (await clock.waitUntil(new Date(due), () => run.commands !== seen || run.schedule!.status === 'canceled'))
      continue; // a command changed the plan
    const renewed = await run.exclusive(async () => {
      // Read again under the lock: a command that held it may have revoked the subscription or changed the plan.
      if (run.schedule!.status === 'canceled') return false;
      if (run.dunning) {
        // A command that held the lock (a resume whose charge was declined) may have set this attempt's time anew.
        if (run.commands !== seen && patched(DUNNING_AFTER_COMMAND)) return false;
        const { orderId, failures, nextAttemptAt } = run.dunning;
        await chargeAt(run, orderId, failures + 1, nextAttemptAt);
        return false;
      }
      const periodEnd = run.schedule!.currentPeriodEnd;
      if (clock.now().getTime() < Date.parse(periodEnd)) return false; // the period was extended meanwhile
      if (run.schedule!.cancelAtPeriodEnd) {
        if (patched(BILL_FINAL_USAGE)) await chargeFinalUsage(run, periodEnd); // before the end takes the credits back
        run.show(await acts.endSubscription(id, periodEnd));
        return false;
      }
      if (run.schedule!.pauseAtPeriodEnd && patched(PAUSE_AND_RESUME)) return pauseAt(run, periodEnd);
      await renew(run, periodEnd);
      return true;
    });
    if (renewed || workflowInfo().continueAsNewSuggested) return continueRun();
  }
  if (run.awaited) {
    // It ended (revoked) while a renewal charge was processing: its order is void, so the charge must not stand.
    const charge = run.awaited;
    if (await awaitedSucceeded(run, charge)) await acts.refundSubscriptionCharge(charge.orderId, charge.chargeId);
    run.awaited = null;
  }
  await clock.end();
  return 'ended';
}
