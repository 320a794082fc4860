// What other domains read of members: live ones only (a deleted member is gone, and so are a deleted customer's).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MemberRole } from '../../../contracts/member';
import { Member } from './member.entity';

export type StoredMember = Readonly<Member>;

/** The organization's live member by id, or null. */
export function memberById(em: EntityManager, organizationId: string, memberId: string): Promise<Member | null> {
  return em.findOne(Member, { id: memberId, organizationId, deletedAt: null });
}

/** The customer's live member with this external id, or null. */
export function memberByExternalId(
  em: EntityManager,
  organizationId: string,
  customerId: string,
  externalId: string,
): Promise<Member | null> {
  return em.findOne(Member, { organizationId, customerId, externalId, deletedAt: null });
}

/** The customer's live member with this e-mail (ignoring case), or null. */
export async function memberByEmail(em: EntityManager, customerId: string, email: string): Promise<Member | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    'select * from member where customer_id = ? and lower(email) = lower(?) and deleted_at is null',
    [customerId, email],
  );
  return row ? em.map(Member, row) : null;
}

/** The customer's owner (null only for a deleted customer). */
export function ownerOf(em: EntityManager, customerId: string): Promise<Member | null> {
  return em.findOne(Member, { customerId, role: 'owner', deletedAt: null });
}

/** The customers' live members by id, in one statement. */
export function membersByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Member[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return em.find(Member, { id: { $in: [...new Set(ids)] }, organizationId, deletedAt: null });
}

/**
 * Who a customer session speaks for: its member (`memberId`), or the customer's owner for a session made without one,
 * while both the member and the customer are live; one statement.
 */
export async function sessionMember(
  em: EntityManager,
  organizationId: string,
  customerId: string,
  memberId: string | null,
): Promise<{ memberId: string; role: MemberRole } | null> {
  const rows: { id: string; role: MemberRole }[] = await em.execute(
    `select m.id, m.role from member m join customer c on c.id = m.customer_id
     where c.id = ? and c.organization_id = ? and c.deleted_at is null and m.deleted_at is null
       and ${memberId === null ? "m.role = 'owner'" : 'm.id = ?'}`,
    memberId === null ? [customerId, organizationId] : [customerId, organizationId, memberId],
  );
  return rows[0] ? { memberId: rows[0].id, role: rows[0].role } : null;
}
