// The dispute flow's id, input and messages (definitions.ts re-exports them).
import { defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ClockInput, FlowDescriptor } from './definitions';

// Dispute: `dispute:<id>`.
export const disputeWorkflowId = (disputeId: string) => `dispute:${disputeId}`;
/** What moves a dispute on: the merchant accepting it, or the processor's (the card network's) word on it. */
export type DisputeMove = { kind: 'accept' } | { kind: 'status'; status: DisputeFlowStatus };
export type DisputeFlowStatus = 'prevented' | 'early_warning' | 'needs_response' | 'under_review' | 'lost' | 'won';
export interface DisputeInput {
  disputeId: string;
  status: DisputeFlowStatus;
  /** A sandbox test card's outcome, given when `evidenceDueBy` passes (null: the processor tells). */
  deadlineOutcome: 'won' | 'lost' | null;
  evidenceDueBy: string | null;
  /** Moves known when it opened: an acceptance (below the organization's threshold), a status the processor reported. */
  moves: DisputeMove[];
  clock?: ClockInput | null;
}
/** A move asked over the API (accept; a sandbox resolution): answers once the dispute has moved. */
export const disputeMoveUpdate = defineUpdate<void, [DisputeMove]>('move');
/** A move the processor reported (its webhook). */
export const disputeEventSignal = defineSignal<[DisputeMove]>('processorEvent');

export const DISPUTE_FLOW: FlowDescriptor<'disputeLifecycle', DisputeInput, [string]> = {
  type: 'disputeLifecycle',
  id: disputeWorkflowId,
};
