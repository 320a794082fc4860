// A customer seat: one place bought by a seat-based subscription or one-time order, assigned to one member of the
// buying (billing) customer. Its invitation token is kept only as a digest.
import { EntitySchema } from '@mikro-orm/core';
import type { SeatStatus } from '../../contracts/customer-seat';

export class CustomerSeat {
  id!: string;
  organizationId!: string;
  /** The billing customer (who bought the seats). */
  customerId!: string;
  subscriptionId: string | null = null;
  orderId: string | null = null;
  memberId: string | null = null;
  email!: string;
  status!: SeatStatus;
  invitationTokenDigest: string | null = null;
  invitationTokenExpiresAt: Date | null = null;
  claimedAt: Date | null = null;
  revokedAt: Date | null = null;
  seatMetadata: Record<string, unknown> | null = null;
  /** The billing customer's test clock (sandbox), which the seat's flow follows. */
  testClockId: string | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const CustomerSeatSchema = new EntitySchema<CustomerSeat>({
  class: CustomerSeat,
  tableName: 'customer_seat',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    subscriptionId: { type: 'uuid', nullable: true },
    orderId: { type: 'uuid', nullable: true },
    memberId: { type: 'uuid', nullable: true },
    email: { type: 'text' },
    status: { type: 'text' },
    invitationTokenDigest: { type: 'text', nullable: true },
    invitationTokenExpiresAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    claimedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    seatMetadata: { type: 'json', nullable: true },
    testClockId: { type: 'uuid', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
