// One dispute (`dispute:<id>`): opened `needs_response` (or `early_warning`), moved by the processor's events, the
// merchant's acceptance (an Update) or, for a sandbox test card, its outcome once the evidence deadline passes on the
// customer's clock; it ends `won`, `lost` or `prevented`. Each move is one activity: a loss is recorded there.
import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { ACCEPTABLE_STATUSES, isClosed } from '../src/domains/dispute/dispute.logic';
import { DISPUTE_ACTIVITY } from './activity-options';
import {
  disputeEventSignal,
  disputeMoveUpdate,
  type DisputeFlowStatus,
  type DisputeInput,
  type DisputeMove,
} from './dispute-definitions';
import { nonRetryableFailure } from './failures';
import { workflowClock } from './time';

const { moveDispute } = proxyActivities<Activities>(DISPUTE_ACTIVITY);

export async function disputeLifecycle(input: DisputeInput): Promise<DisputeFlowStatus> {
  const clock = workflowClock(input.clock);
  let status = input.status;
  const moves: DisputeMove[] = [...input.moves];
  let done = 0;
  setHandler(disputeEventSignal, (move) => void moves.push(move));
  setHandler(
    disputeMoveUpdate,
    async (move) => {
      moves.push(move);
      const index = moves.length;
      await condition(() => done >= index);
    },
    {
      // Synchronous, so a move the dispute can no longer take is refused before anything is recorded.
      validator: (move: DisputeMove) => {
        if (isClosed(status)) throw nonRetryableFailure('DisputeNotOpenError', `This dispute is ${status}.`);
        if (move.kind === 'accept' && !ACCEPTABLE_STATUSES.includes(status))
          throw nonRetryableFailure('DisputeNotOpenError', `This dispute is ${status}: it can no longer be accepted.`);
      },
    },
  );
  const deadline = input.deadlineOutcome && input.evidenceDueBy ? new Date(input.evidenceDueBy) : null;
  while (!isClosed(status)) {
    const moved = await clock.waitUntil(deadline, () => moves.length > done);
    const move: DisputeMove = moved ? moves[done] : { kind: 'status', status: input.deadlineOutcome! };
    status = await moveDispute(input.disputeId, move);
    if (moved) done++;
  }
  done = moves.length; // moves that came after it closed change nothing
  await clock.end();
  return status;
}
