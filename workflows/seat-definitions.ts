// The seat flow's id, input and messages.
import { defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ClockInput, FlowDescriptor } from './definitions';

// Seat: `seat:<id>`.
export const seatWorkflowId = (seatId: string) => `seat:${seatId}`;
export interface SeatInput {
  seatId: string;
  /** `pending`: the flow sends the invitation first; `claimed`: assigned with `immediate_claim`, it awaits a revoke. */
  status: 'pending' | 'claimed';
  clock?: ClockInput | null;
}
/** What the API asks of a seat: claim it with its invitation token (by digest), resend the invitation, revoke it. */
export type SeatCommand = { kind: 'claim'; tokenDigest: string } | { kind: 'resend' } | { kind: 'revoke' };
/** Answers once the seat has moved (the seat's status after it). */
export const seatCommandUpdate = defineUpdate<'pending' | 'claimed' | 'revoked', [SeatCommand]>('seatCommand');
/** The seat was revoked in another transaction (its member deleted): the flow ends. */
export const seatRevokedSignal = defineSignal('seatRevoked');

export const SEAT_FLOW: FlowDescriptor<'seatLifecycle', SeatInput, [string]> = {
  type: 'seatLifecycle',
  id: seatWorkflowId,
};
