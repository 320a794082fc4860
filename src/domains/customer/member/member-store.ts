// Members other domains make: a seat's holder found or added by e-mail or external id (member.created when added),
// and the owner every new customer gets with it.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MemberRole } from '../../../contracts/member';
import type { Clock } from '../../../kernel/clock';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Conflict, invalidField } from '../../../kernel/errors';
import { newId } from '../../../kernel/ids';
import type { Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import { Member } from './member.entity';
import { memberOutput } from './member.output';
import { memberByEmail, memberByExternalId } from './member.reads';

export interface EnsureMemberInput {
  organizationId: string;
  customerId: string;
  email: string;
  externalId?: string | null;
  name?: string | null;
  /** Only for a member added now; 'member' unless said. */
  role?: Exclude<MemberRole, 'owner'>;
}

export interface MemberStoreDeps {
  clock: Clock;
  outbox: Pick<OutboxService, 'enqueueEvent'>;
}

export class MemberStore {
  constructor(private readonly deps: MemberStoreDeps) {}

  /**
   * The customer's live member with this external id, else with this e-mail, else a new one (member.created), in
   * the caller's transaction; the customer must be live. A member found by e-mail without an external id gains it
   * (member.updated). Race-safe: a concurrent insert of the same member makes this one read it.
   */
  async ensureMember(tx: Tx, input: EnsureMemberInput): Promise<{ member: Member; created: boolean }> {
    const found = await this.find(tx.em, input);
    if (found) return { member: await this.adopt(tx, found, input), created: false };
    const now = this.deps.clock.now();
    const rows = await tx.em.execute<Record<string, unknown>[]>(
      `insert into member (id, organization_id, customer_id, email, name, external_id, role, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning *`,
      [
        newId(),
        input.organizationId,
        input.customerId,
        input.email,
        input.name ?? null,
        input.externalId ?? null,
        input.role ?? 'member',
        now,
      ],
    );
    if (rows[0]) {
      const member = tx.em.map(Member, rows[0]);
      this.deps.outbox.enqueueEvent(tx, input.organizationId, 'member.created', memberOutput(member));
      return { member, created: true };
    }
    const raced = await this.find(tx.em, input);
    if (!raced) throw new Conflict('Another member of this customer holds this e-mail or external id; retry.');
    return { member: await this.adopt(tx, raced, input), created: false };
  }

  private async find(em: EntityManager, input: EnsureMemberInput): Promise<Member | null> {
    const { organizationId, customerId, externalId, email } = input;
    return (
      (externalId ? await memberByExternalId(em, organizationId, customerId, externalId) : null) ??
      memberByEmail(em, customerId, email)
    );
  }

  private async adopt(tx: Tx, member: Member, input: EnsureMemberInput): Promise<Member> {
    if (!input.externalId || member.externalId !== null) return member;
    const now = this.deps.clock.now();
    const [row] = await tx.em.execute<Record<string, unknown>[]>(
      `update member set external_id = ?, modified_at = ? where id = ? and external_id is null and not exists
         (select 1 from member o where o.customer_id = ? and o.external_id = ? and o.deleted_at is null)
       returning *`,
      [input.externalId, now, member.id, member.customerId, input.externalId],
    );
    if (!row) return member;
    const updated = tx.em.map(Member, row);
    this.deps.outbox.enqueueEvent(tx, member.organizationId, 'member.updated', memberOutput(updated));
    return updated;
  }
}

/** The owner of a customer being inserted, flushed with it: its e-mail and name (the caller sends member.created). */
export function addOwner(
  tx: Tx,
  customer: { id: string; organizationId: string; email: string; name: string | null; createdAt: Date },
): Member {
  const member = tx.em.create(Member, {
    id: newId(),
    organizationId: customer.organizationId,
    customerId: customer.id,
    email: customer.email,
    name: customer.name,
    externalId: null,
    role: 'owner',
    deletedAt: null,
    createdAt: customer.createdAt,
    modifiedAt: null,
  });
  return member;
}

/**
 * The owner's e-mail follows its customer's (member.updated); another member of the customer holding that address
 * already is a 422 on `body.email`.
 */
export async function followCustomerEmail(
  deps: MemberStoreDeps,
  tx: Tx,
  customer: { id: string; organizationId: string; email: string },
): Promise<void> {
  let rows: Record<string, unknown>[];
  try {
    rows = await tx.em.execute(
      `update member set email = ?, modified_at = ?
       where customer_id = ? and role = 'owner' and deleted_at is null and email <> ? returning *`,
      [customer.email, deps.clock.now(), customer.id, customer.email],
    );
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw invalidField(['body', 'email'], 'A member of this customer already has this email address.');
    throw error;
  }
  if (rows[0])
    deps.outbox.enqueueEvent(tx, customer.organizationId, 'member.updated', memberOutput(tx.em.map(Member, rows[0])));
}

/** A deleted customer's members go with it (no member.deleted: customer.deleted says it); anonymized, nameless. */
export async function deleteMembersOf(tx: Tx, customerId: string, now: Date, anonymize: boolean): Promise<void> {
  await tx.em.execute(
    `update member set deleted_at = ?, modified_at = ?
       ${anonymize ? ", email = id || '@anonymized.invalid', name = null, external_id = null" : ''}
     where customer_id = ? and deleted_at is null`,
    [now, now, customerId],
  );
}
