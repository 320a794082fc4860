// Customer seats: the places a seat-based subscription or order bought, each assigned to one member of the buying
// customer (the 1.x client's CustomerSeat, SeatsList, SeatAssign, SeatClaim, SeatClaimInfo 2026-10 models).
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { Member } from './member';
import { boundedRecord } from './metadata';
import { queryOne } from './query-params';

export const SEAT_STATUSES = ['pending', 'claimed', 'revoked'] as const;
export const SeatStatus = z.enum(SEAT_STATUSES).meta({ id: 'SeatStatus' });
export type SeatStatus = z.infer<typeof SeatStatus>;

const SeatMetadata = z.record(z.string(), z.unknown());

export const CustomerSeat = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    subscription_id: Uuid.nullable(),
    order_id: Uuid.nullable(),
    status: SeatStatus,
    customer_id: Uuid.nullable(),
    member_id: Uuid.nullable(),
    member: Member.nullable(),
    email: z.string().nullable(),
    customer_email: z.string().nullable(),
    invitation_token_expires_at: Timestamp.nullable(),
    claimed_at: Timestamp.nullable(),
    revoked_at: Timestamp.nullable(),
    seat_metadata: SeatMetadata.nullable(),
  })
  .meta({ id: 'CustomerSeat' });
export type CustomerSeat = z.infer<typeof CustomerSeat>;

export const SeatsList = z
  .object({ seats: z.array(CustomerSeat), available_seats: z.int32(), total_seats: z.int32() })
  .meta({ id: 'SeatsList' });
export type SeatsList = z.infer<typeof SeatsList>;

/** Which purchase's seats: a subscription or a one-time order (exactly one). */
export const SeatsListQuery = z
  .object({ subscription_id: queryOne(Uuid.optional()), order_id: queryOne(Uuid.optional()) })
  .refine((q) => !q.subscription_id !== !q.order_id, {
    message: 'Give either subscription_id or order_id.',
    path: ['subscription_id'],
  });
export type SeatsListQuery = z.infer<typeof SeatsListQuery>;

/** At most 10 keys, 1 KB in all. */
const SeatMetadataInput = boundedRecord(z.string().min(1).max(40), z.unknown(), 10).refine(
  (m) => JSON.stringify(m).length <= 1024,
  'At most 1 KB in all.',
);

const seatAssignFields = {
  subscription_id: Uuid.nullish(),
  order_id: Uuid.nullish(),
  email: z.email().max(320).nullish(),
  /** Reference fields for the pre-member model; Bursar's seats go to members, so these are refused when given. */
  external_customer_id: z.string().nullish(),
  customer_id: Uuid.nullish(),
  external_member_id: z.string().min(1).max(200).nullish(),
  member_id: Uuid.nullish(),
  metadata: SeatMetadataInput.nullish(),
  immediate_claim: z.boolean().optional(),
};

const sourceAndPerson = <T extends z.ZodObject>(schema: T) =>
  schema
    .refine((b: Record<string, unknown>) => !b.subscription_id !== !b.order_id, {
      message: 'Give either subscription_id or order_id.',
      path: ['subscription_id'],
    })
    .refine((b: Record<string, unknown>) => Boolean(b.email || b.member_id || b.external_member_id), {
      message: 'Name the member: email, member_id or external_member_id.',
      path: ['email'],
    })
    .refine((b: Record<string, unknown>) => !b.customer_id && !b.external_customer_id, {
      message: 'Seats are assigned to members of the buying customer: use email, member_id or external_member_id.',
      path: ['customer_id'],
    });

export const SeatAssign = sourceAndPerson(z.object(seatAssignFields)).meta({ id: 'SeatAssign' });
export type SeatAssign = z.infer<typeof SeatAssign>;

/** The portal's assignment (the session's customer buys; `checkout_id` is not supported). */
export const CustomerSeatAssign = sourceAndPerson(
  z.object({ ...seatAssignFields, checkout_id: z.null().optional() }),
).meta({ id: 'CustomerSeatAssign' });
export type CustomerSeatAssign = z.infer<typeof CustomerSeatAssign>;

export const SeatClaim = z.object({ invitation_token: z.string().min(1).max(200) }).meta({ id: 'SeatClaim' });
export type SeatClaim = z.infer<typeof SeatClaim>;

export const SeatClaimInfo = z
  .object({
    product_name: z.string(),
    product_id: Uuid,
    organization_name: z.string(),
    organization_slug: z.string(),
    customer_email: z.string(),
    can_claim: z.boolean(),
  })
  .meta({ id: 'SeatClaimInfo' });
export type SeatClaimInfo = z.infer<typeof SeatClaimInfo>;

export const CustomerSeatClaimResponse = z
  .object({ seat: CustomerSeat, customer_session_token: z.string() })
  .meta({ id: 'CustomerSeatClaimResponse' });
export type CustomerSeatClaimResponse = z.infer<typeof CustomerSeatClaimResponse>;

export const SeatIdParams = z.object({ seat_id: Uuid });
export const InvitationTokenParams = z.object({ invitation_token: z.string().min(1).max(200) });
