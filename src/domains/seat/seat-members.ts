// TEMP stand-in for A's member functions (replaced by re-exports from '../customer' after the merge).
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Member as MemberOutput } from '../../contracts/member';
import type { Tx } from '../../platform/database/transaction';

export interface Member {
  id: string;
  organizationId: string;
  customerId: string;
  email: string;
  externalId: string | null;
}
const idOf = (customerId: string, email: string) => {
  const h = createHash('sha256').update(`${customerId}:${email.toLowerCase()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const ext = new Map<string, Member>();
export async function ensureMember(
  _tx: Tx,
  m: { organizationId: string; customerId: string; email: string; externalId?: string | null; role?: string },
): Promise<Member> {
  const member = { ...m, id: idOf(m.customerId, m.email), externalId: m.externalId ?? null };
  ext.set(member.id, member);
  return member;
}
export async function memberById(_em: EntityManager, _o: string, id: string): Promise<Member | null> {
  return ext.get(id) ?? null;
}
export async function memberByExternalId(_em: EntityManager, _o: string, c: string, e: string) {
  return [...ext.values()].find((m) => m.customerId === c && m.externalId === e) ?? null;
}
export function memberOutput(m: Member): MemberOutput {
  return {
    id: m.id,
    created_at: new Date(0).toISOString(),
    modified_at: null,
    customer_id: m.customerId,
    email: m.email,
    name: null,
    external_id: m.externalId,
    role: 'member',
  };
}
