// TEMP (B's local stand-in until A's foundation is merged; not committed)
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
export const MemberRole = z.enum(['owner', 'billing_manager', 'member']);
export const Member = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    customer_id: Uuid,
    email: z.string(),
    name: z.string().nullable(),
    external_id: z.string().nullable(),
    role: MemberRole,
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof Member>;
