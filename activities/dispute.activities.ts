// Dispute activities: thin calls into the dispute workflow's step, one transaction each.
import type { DisputeFlowStatus, DisputeMove } from '../workflows/dispute-definitions';
import { moveDispute, type DisputeDeps } from '../src/domains/dispute';

export const createDisputeActivities = (deps: DisputeDeps) => ({
  /** Records a move once (accept: the processor told first); a loss takes the amounts off the order; order.updated. */
  moveDispute: (disputeId: string, move: DisputeMove): Promise<DisputeFlowStatus> => moveDispute(deps, disputeId, move),
});
