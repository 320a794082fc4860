// Members changed through the API and the portal: added, updated (ownership moves here), deleted. Each write locks
// the customer first, so that two ownership changes of one account run one after the other.
import type { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MemberRole } from '../../../contracts/member';
import { NotPermitted, ResourceNotFound, invalidField } from '../../../kernel/errors';
import { newId } from '../../../kernel/ids';
import type { Tx } from '../../../platform/database/transaction';
import { flushUnique } from '../../../platform/database/flush-unique';
import type { Customer } from '../customer.entity';
import type { MemberFollower } from './member-deps';
import { Member } from './member.entity';
import { memberOutput } from './member.output';
import type { MemberStoreDeps } from './member-store';

export interface MemberChanges {
  name?: string | null;
  email?: string | null;
  role?: MemberRole | null;
}

/** Who asks: the organization (any change), or a portal member with its role (a billing manager: no ownership). */
export type MemberActor = 'organization' | MemberRole;

const duplicate = (refusal: UniqueConstraintViolationException) =>
  refusal.message.includes('member_external_id_idx')
    ? invalidField(['body', 'external_id'], 'A member of this customer already has this external ID.')
    : invalidField(['body', 'email'], 'A member of this customer already has this email address.');

export class MemberCommands {
  constructor(private readonly deps: MemberStoreDeps & { followers: MemberFollower[] }) {}

  /** A new member of a customer read locked (member.created); the owner is never created, only promoted. */
  async create(
    tx: Tx,
    customer: Customer,
    input: { email: string; name?: string | null; externalId?: string | null; role: MemberRole },
    actor: MemberActor,
  ): Promise<Member> {
    if (input.role === 'owner')
      throw new NotPermitted('A member cannot be created as owner: create it, then make it the owner by an update.');
    if (actor === 'member') throw new NotPermitted("Only the account's owner and billing managers may add members.");
    const member = tx.em.create(Member, {
      id: newId(),
      organizationId: customer.organizationId,
      customerId: customer.id,
      email: input.email,
      name: input.name ?? null,
      externalId: input.externalId ?? null,
      role: input.role,
      deletedAt: null,
      createdAt: this.deps.clock.now(),
      modifiedAt: null,
    });
    await flushUnique(tx.em, duplicate);
    this.deps.outbox.enqueueEvent(tx, customer.organizationId, 'member.created', memberOutput(member));
    return member;
  }

  /**
   * Changes a member (member.updated). Making it the owner demotes the current owner to billing manager (member.updated
   * for both); the owner is never demoted otherwise, and only the organization or the owner moves ownership.
   */
  async update(tx: Tx, member: Member, changes: MemberChanges, actor: MemberActor): Promise<Member> {
    const role = changes.role ?? member.role;
    if (role !== member.role) this.checkRoleChange(member, role, actor);
    const now = this.deps.clock.now();
    if (role === 'owner' && member.role !== 'owner') {
      const owner = await tx.em.findOne(Member, { customerId: member.customerId, role: 'owner', deletedAt: null });
      if (owner) {
        Object.assign(owner, { role: 'billing_manager', modifiedAt: now });
        await tx.em.flush(); // one owner at a time (unique index)
        this.deps.outbox.enqueueEvent(tx, owner.organizationId, 'member.updated', memberOutput(owner));
      }
    }
    Object.assign(member, {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.email != null && { email: changes.email }),
      role,
      modifiedAt: now,
    });
    await flushUnique(tx.em, duplicate);
    this.deps.outbox.enqueueEvent(tx, member.organizationId, 'member.updated', memberOutput(member));
    return member;
  }

  /** Deletes a member that is not the owner: its followers let go of it (sessions, seats), then member.deleted. */
  async delete(tx: Tx, member: Member, actor: MemberActor): Promise<void> {
    if (member.role === 'owner')
      throw new NotPermitted('The owner cannot be deleted: make another member the owner first.');
    if (actor === 'member') throw new NotPermitted("Only the account's owner and billing managers may remove members.");
    const now = this.deps.clock.now();
    Object.assign(member, { deletedAt: now, modifiedAt: now });
    await tx.em.flush();
    for (const follower of this.deps.followers) await follower.memberDeleted(tx, member);
    this.deps.outbox.enqueueEvent(tx, member.organizationId, 'member.deleted', memberOutput(member));
  }

  /** The customer's live member `id`, or 404. */
  async get(em: EntityManager, customer: Customer, id: string): Promise<Member> {
    const member = await em.findOne(Member, { id, customerId: customer.id, deletedAt: null });
    if (!member) throw new ResourceNotFound('Member not found.');
    return member;
  }

  /** The customer's live member with this external id, or 404. */
  async getByExternalId(em: EntityManager, customer: Customer, externalId: string): Promise<Member> {
    const member = await em.findOne(Member, { externalId, customerId: customer.id, deletedAt: null });
    if (!member) throw new ResourceNotFound('Member not found.');
    return member;
  }

  private checkRoleChange(member: Member, role: MemberRole, actor: MemberActor): void {
    if (member.role === 'owner')
      throw new NotPermitted('The owner keeps its role until another member is made the owner.');
    if (role === 'owner' && actor !== 'organization' && actor !== 'owner')
      throw new NotPermitted('Only the owner may hand over ownership.');
    if (actor === 'member') throw new NotPermitted("Only the account's owner and billing managers may change roles.");
  }
}
