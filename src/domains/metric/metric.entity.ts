// The metrics read model's rows (one per billing fact) and the organizations' saved metric dashboards.
import { EntitySchema } from '@mikro-orm/core';

export type FactKind = 'order' | 'refund' | 'checkout' | 'subscription';

/** A billing fact as metrics count it; amounts in minor units of `currency`, `at` the customer's business time. */
export class MetricFact {
  id!: string;
  organizationId!: string;
  kind!: FactKind;
  /** The order, refund, checkout or subscription the fact is about. */
  sourceId!: string;
  at!: Date;
  currency!: string;
  customerId: string | null = null;
  productId: string | null = null;
  /** A refund's order. */
  orderId: string | null = null;
  billingReason: string | null = null;
  recurring!: boolean;
  /** An order's net amount (before tax), a refund's amount (before tax). */
  amount = 0;
  tax = 0;
  /** A subscription's or a checkout's status. */
  status: string | null = null;
  mrr = 0;
  trialMrr = 0;
  cancelRequested = false;
  cancelReason: string | null = null;
}

export const MetricFactSchema = new EntitySchema<MetricFact>({
  class: MetricFact,
  tableName: 'metric_fact',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    kind: { type: 'text' },
    sourceId: { type: 'uuid' },
    at: { type: 'Date', columnType: 'timestamptz' },
    currency: { type: 'text' },
    customerId: { type: 'uuid', nullable: true },
    productId: { type: 'uuid', nullable: true },
    orderId: { type: 'uuid', nullable: true },
    billingReason: { type: 'text', nullable: true },
    recurring: { type: 'boolean' },
    amount: { type: 'integer' },
    tax: { type: 'integer' },
    status: { type: 'text', nullable: true },
    mrr: { type: 'integer' },
    trialMrr: { type: 'integer' },
    cancelRequested: { type: 'boolean' },
    cancelReason: { type: 'text', nullable: true },
  },
});

export class MetricDashboardRow {
  id!: string;
  organizationId!: string;
  name!: string;
  metrics!: string[];
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const MetricDashboardSchema = new EntitySchema<MetricDashboardRow>({
  class: MetricDashboardRow,
  tableName: 'metric_dashboard',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    name: { type: 'text' },
    metrics: { type: 'text[]' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
