import { EntitySchema } from '@mikro-orm/core';

/** Why a grant could not be carried out (kept on the grant, shown to the merchant). */
export interface GrantError {
  message: string;
  type: string;
  timestamp: string;
}

/**
 * One benefit for one customer from one source: a one-time order, a subscription, or a seat of either — a seat's grant
 * is the billing customer's, held by the seat's member, and shows the seat's order or subscription.
 */
export class BenefitGrant {
  id!: string;
  organizationId!: string;
  customerId!: string;
  benefitId!: string;
  orderId: string | null = null;
  subscriptionId: string | null = null;
  seatId: string | null = null;
  memberId: string | null = null;
  grantedAt: Date | null = null;
  revokedAt: Date | null = null;
  properties: Record<string, unknown> = {};
  /** The source's billing period last credited (meter credits cycle once per period). */
  cycleKey: string | null = null;
  error: GrantError | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const BenefitGrantSchema = new EntitySchema<BenefitGrant>({
  class: BenefitGrant,
  tableName: 'benefit_grant',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    benefitId: { type: 'uuid' },
    orderId: { type: 'uuid', nullable: true },
    subscriptionId: { type: 'uuid', nullable: true },
    seatId: { type: 'uuid', nullable: true },
    memberId: { type: 'uuid', nullable: true },
    grantedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    properties: { type: 'json' },
    cycleKey: { type: 'text', nullable: true },
    error: { type: 'json', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
