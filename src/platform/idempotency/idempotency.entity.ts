import { EntitySchema } from '@mikro-orm/core';

/** A create request remembered under its `X-Idempotency-Key`, with the response to replay. */
export class IdempotencyKey {
  id!: string;
  organizationId!: string;
  key!: string;
  requestHash!: string;
  responseStatus: number | null = null;
  responseBody: unknown = null;
  createdAt!: Date;
}

export const IdempotencyKeySchema = new EntitySchema<IdempotencyKey>({
  class: IdempotencyKey,
  tableName: 'idempotency_key',
  uniques: [{ properties: ['organizationId', 'key'] }],
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    key: { type: 'text' },
    requestHash: { type: 'text' },
    responseStatus: { type: 'integer', nullable: true },
    responseBody: { type: 'json', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
