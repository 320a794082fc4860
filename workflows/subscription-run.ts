// What one run of the subscription workflow keeps (its schedule, dunning, the charge it awaits, the settlements heard
// of) and shows (the upcoming query, the operator's view); renewals and commands run one at a time through it.
import { ApplicationFailure, condition, setCurrentDetails, upsertSearchAttributes } from '@temporalio/workflow';
import { commandRefusal } from '../src/domains/subscription/subscription-command.logic';
import {
  upcomingSchedule,
  type SubscriptionCommand,
  type SubscriptionSchedule,
} from '../src/domains/subscription/subscription.logic';
import { failureType } from '../src/kernel/error-codes';
import { SEARCH_ATTRIBUTES } from '../temporal.config';
import type { AwaitedCharge, Dunning, Settlement, SubscriptionInput, UpcomingSchedule } from './definitions';
import { workflowClock, type WorkflowClock } from './time';

export class SubscriptionRun {
  readonly id: string;
  readonly clock: WorkflowClock;
  schedule: SubscriptionSchedule | undefined;
  dunning: Dunning | null;
  /** A renewal charge the processor is still processing; the main loop waits for its settlement or its deadline. */
  awaited: AwaitedCharge | null;
  readonly settlements = new Map<string, Settlement>();
  cycles: number;
  commands = 0;
  private busy = false;

  constructor(input: SubscriptionInput) {
    this.id = input.subscriptionId;
    this.clock = workflowClock(input.clock);
    this.dunning = input.dunning ?? null;
    this.awaited = input.awaitedCharge ?? null;
    if (this.awaited?.settlement) this.settlements.set(this.awaited.chargeId, this.awaited.settlement);
    this.cycles = input.cycles ?? 0;
  }

  /** Renewals and commands run one at a time. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    await condition(() => !this.busy);
    this.busy = true;
    try {
      return await work();
    } finally {
      this.busy = false;
    }
  }

  refuse(command: SubscriptionCommand): void {
    const refusal = this.schedule && commandRefusal(this.schedule, command);
    if (refusal) throw ApplicationFailure.nonRetryable(refusal.message, refusal.type);
    // A pause waits for the renewal charge still processing: its failure would start dunning.
    if (command.kind === 'pause' && this.awaited)
      throw ApplicationFailure.nonRetryable(
        'A renewal payment is still processing; pause once it settles.',
        failureType('PauseResumeNotAllowed'),
      );
  }

  upcoming(): UpcomingSchedule {
    return upcomingSchedule(this.schedule, this.dunning?.nextAttemptAt ?? null);
  }

  /** The operator's view in the Web UI: status as a search attribute, the next action as current details. */
  show(next: SubscriptionSchedule): void {
    if (next.status !== this.schedule?.status)
      upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.SubscriptionStatus, value: next.status }]);
    this.schedule = next;
    const { status, next: action, paused } = this.upcoming();
    const { awaited, cycles } = this;
    const processing = awaited ? ` · payment ${awaited.chargeId} processing until ${awaited.settleBy}` : '';
    const pause = paused
      ? ` · paused ${paused.since ? `since ${paused.since}` : 'at period end'} ${paused.until ? `until ${paused.until}` : 'until resumed'}`
      : '';
    setCurrentDetails(
      `**${status}** · period ends ${next.currentPeriodEnd} · next: ${action.action}${action.at ? ` at ${action.at}` : ''} · ${cycles} billed period(s)${processing}${pause}`,
    );
  }
}
