// Members of a customer: the people of a billing account (the reference's Member, MemberCreateFromCustomer,
// MemberUpdate and the portal's CustomerPortalMember shapes).
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';

export const MEMBER_ROLES = { owner: 'owner', billingManager: 'billing_manager', member: 'member' } as const;
export const MemberRole = z.enum(['owner', 'billing_manager', 'member']).meta({ id: 'MemberRole' });
export type MemberRole = z.infer<typeof MemberRole>;

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

export const MemberList = ListResource(Member).meta({ id: 'ListResource_Member_' });

/** The roles a member may be created with: ownership only ever moves by an update. */
export const CreatableRole = z.enum(['member', 'billing_manager']).meta({ id: 'Role' });

export const MemberCreateFromCustomer = z
  .object({
    email: z.email().max(320),
    name: z.string().max(256).nullish(),
    external_id: z.string().min(1).max(255).nullish(),
    role: CreatableRole.default('member'),
  })
  .meta({ id: 'MemberCreateFromCustomer' });
export type MemberCreateFromCustomer = z.infer<typeof MemberCreateFromCustomer>;

export const MemberUpdate = z
  .object({
    name: z.string().max(256).nullish(),
    email: z.email().max(320).nullish(),
    role: MemberRole.nullish(),
  })
  .meta({ id: 'MemberUpdate' });
export type MemberUpdate = z.infer<typeof MemberUpdate>;

export const CustomerPortalMember = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    email: z.string(),
    name: z.string().nullable(),
    role: MemberRole,
  })
  .meta({ id: 'CustomerPortalMember' });
export type CustomerPortalMember = z.infer<typeof CustomerPortalMember>;

export const CustomerPortalMemberList = ListResource(CustomerPortalMember).meta({
  id: 'ListResource_CustomerPortalMember_',
});

export const CustomerPortalMemberCreate = z
  .object({
    email: z.email().max(320),
    name: z.string().max(256).nullish(),
    role: MemberRole.default('member'),
  })
  .meta({ id: 'CustomerPortalMemberCreate' });
export type CustomerPortalMemberCreate = z.infer<typeof CustomerPortalMemberCreate>;

export const CustomerPortalMemberUpdate = z
  .object({ name: z.string().max(256).nullish(), role: MemberRole.nullish() })
  .meta({ id: 'CustomerPortalMemberUpdate' });
export type CustomerPortalMemberUpdate = z.infer<typeof CustomerPortalMemberUpdate>;
