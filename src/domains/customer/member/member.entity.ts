import { EntitySchema } from '@mikro-orm/core';
import type { MemberRole } from '../../../contracts/member';

/** A person of a customer (the billing account): its owner, a billing manager, or a plain member. */
export class Member {
  id!: string;
  organizationId!: string;
  customerId!: string;
  email!: string;
  name: string | null = null;
  externalId: string | null = null;
  role!: MemberRole;
  deletedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const MemberSchema = new EntitySchema<Member>({
  class: Member,
  tableName: 'member',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    email: { type: 'text' },
    name: { type: 'text', nullable: true },
    externalId: { type: 'text', nullable: true },
    role: { type: 'text' },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
