import { EntitySchema } from '@mikro-orm/core';

export class TestClock {
  id!: string;
  organizationId!: string;
  name: string | null = null;
  frozenTime!: Date;
  /** `advancing` while the flows due by the new time are being settled. */
  status!: 'ready' | 'advancing';
  deletedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const TestClockSchema = new EntitySchema<TestClock>({
  class: TestClock,
  tableName: 'test_clock',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    name: { type: 'text', nullable: true },
    frozenTime: { type: 'Date', columnType: 'timestamptz' },
    status: { type: 'text' },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
