// Signals: what an agent reports for usage-based or outcome-based billing — an activity (tokens used, a task run) or
// an outcome (a resolved ticket) — each stored as a usage event that meters count like any other.
import { z } from 'zod';
import { EventMetadataInput } from './event-metadata-input';
import { Timestamp, Uuid } from './common';

export const SignalKind = z.enum(['activity', 'outcome']);
export type SignalKind = z.infer<typeof SignalKind>;

const signalFields = {
  /** The caller's id of the signal: a signal sent again with the same id is a duplicate, never counted twice. */
  id: z.string().min(1).max(200),
  kind: SignalKind,
  /** The event name meters filter on (e.g. `ticket.resolved`, `tokens`). */
  name: z.string().min(1).max(128),
  timestamp: Timestamp.optional(),
  /** The agent that acted, in the caller's own terms. */
  agent_id: z.string().min(1).max(255).nullish(),
  /** How much: tokens used, units of work, an outcome's weight; stored as the metadata key `value` for meters to sum. */
  value: z.number().finite().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).nullish(),
  metadata: EventMetadataInput.refine((metadata) => !('value' in metadata), {
    message: 'The key "value" is the signal\'s own `value` field',
  }).default({}),
};

export const SignalCustomer = z.strictObject({ ...signalFields, customer_id: Uuid }).meta({ id: 'SignalCustomer' });
export const SignalExternalCustomer = z
  .strictObject({ ...signalFields, external_customer_id: z.string().min(1).max(255) })
  .meta({ id: 'SignalExternalCustomer' });
export const Signal = z.union([SignalCustomer, SignalExternalCustomer]);
export type Signal = z.infer<typeof Signal>;
