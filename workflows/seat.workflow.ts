// One customer seat (`seat:<id>`): a pending seat's invitation is sent, then the flow waits for a claim, a resend or a
// revoke (Updates from the API), or the invitation's expiry on the billing customer's clock (the token is then
// dropped; a resend issues a new one). A claimed seat waits for its revoke. Each move is one activity.
import { type ApplicationFailure, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { seatMoveRefusal } from '../src/domains/seat/seat.logic';
import { SEAT_ACTIVITY } from './activity-options';
import { businessFailure, nonRetryableFailure } from './failures';
import { seatCommandUpdate, seatRevokedSignal, type SeatCommand, type SeatInput } from './seat-definitions';
import { workflowClock } from './time';

const { sendSeatInvitation, expireSeatInvitation, claimSeat, revokeSeat } = proxyActivities<Activities>(SEAT_ACTIVITY);

type SeatFlowStatus = 'pending' | 'claimed' | 'revoked';

export async function seatLifecycle(input: SeatInput): Promise<SeatFlowStatus> {
  const clock = workflowClock(input.clock);
  let status: SeatFlowStatus = input.status;
  let expiresAt: string | null = null;
  let revokedElsewhere = false;
  const commands: SeatCommand[] = [];
  const failures = new Map<number, ApplicationFailure>();
  let done = 0;
  setHandler(
    seatCommandUpdate,
    async (command) => {
      commands.push(command);
      const index = commands.length;
      await condition(() => done >= index);
      const failure = failures.get(index);
      if (failure) throw failure;
      return status;
    },
    {
      // Synchronous, so a move the seat can no longer take is refused before anything is recorded.
      validator: (command: SeatCommand) => {
        const refusal = seatMoveRefusal(status, command.kind);
        if (refusal) throw nonRetryableFailure('SeatNotAvailable', refusal);
      },
    },
  );
  setHandler(seatRevokedSignal, () => void (revokedElsewhere = true));

  if (status === 'pending') expiresAt = await sendSeatInvitation(input.seatId);
  while (status !== 'revoked' && !revokedElsewhere) {
    const deadline = status === 'pending' && expiresAt ? new Date(expiresAt) : null;
    const moved = await clock.waitUntil(deadline, () => commands.length > done || revokedElsewhere);
    if (!moved) {
      await expireSeatInvitation(input.seatId, expiresAt!);
      expiresAt = null;
      continue;
    }
    if (commands.length === done) continue; // revoked elsewhere
    const command = commands[done];
    try {
      const refusal = seatMoveRefusal(status, command.kind); // a move queued behind one that changed the seat
      if (refusal) throw nonRetryableFailure('SeatNotAvailable', refusal);
      if (command.kind === 'claim') status = await claimSeat(input.seatId, command.tokenDigest);
      else if (command.kind === 'resend') expiresAt = await sendSeatInvitation(input.seatId);
      else status = await revokeSeat(input.seatId);
    } catch (error) {
      failures.set(done + 1, businessFailure(error, 'The seat could not take this action.', 'SeatNotAvailable'));
    }
    done++;
  }
  if (revokedElsewhere) status = 'revoked';
  done = commands.length; // moves that came after the revoke change nothing (the validator refuses new ones)
  await clock.end();
  return status;
}
