// Members as the API (and the portal) shows them.
import type { CustomerPortalMember, Member as MemberOutput } from '../../../contracts/member';
import type { Member } from './member.entity';

export function memberOutput(member: Readonly<Member>): MemberOutput {
  return {
    id: member.id,
    created_at: member.createdAt.toISOString(),
    modified_at: member.modifiedAt?.toISOString() ?? null,
    customer_id: member.customerId,
    email: member.email,
    name: member.name,
    external_id: member.externalId,
    role: member.role,
  };
}

export function portalMemberOutput(member: Readonly<Member>): CustomerPortalMember {
  return {
    created_at: member.createdAt.toISOString(),
    modified_at: member.modifiedAt?.toISOString() ?? null,
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
  };
}
