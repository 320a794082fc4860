// A page of a customer's live members, by role, oldest first unless asked otherwise.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MemberListQuery } from '../../../contracts/member';
import { Member } from './member.entity';

export async function listMembers<T>(
  em: EntityManager,
  customerId: string,
  query: MemberListQuery,
  output: (member: Member) => T,
): Promise<{ items: T[]; pagination: { total_count: number; max_page: number } }> {
  const descending = query.sorting[0] === '-created_at';
  const [members, total] = await em.findAndCount(
    Member,
    { customerId, deletedAt: null, ...(query.role && { role: query.role }) },
    {
      orderBy: { createdAt: descending ? 'desc' : 'asc', id: descending ? 'desc' : 'asc' },
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    },
  );
  return {
    items: members.map(output),
    pagination: { total_count: total, max_page: Math.ceil(total / query.limit) },
  };
}
