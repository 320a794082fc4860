import { EntitySchema } from '@mikro-orm/core';
import type { MeterAggregation } from '../../contracts/meter-aggregation';
import type { MeterFilter } from '../../contracts/meter-filter';
import type { MeterUnit, Metadata } from '../../contracts/meter';

export class Meter {
  id!: string;
  organizationId!: string;
  name!: string;
  unit!: MeterUnit;
  customLabel: string | null = null;
  customMultiplier: number | null = null;
  filter!: MeterFilter;
  aggregation!: MeterAggregation;
  metadata!: Metadata;
  archivedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
  /** When the hourly rollups were last rebuilt complete for `rollupVersion`; null while they are not (quantities read raw). */
  rollupsReadyAt: Date | null = null;
  /** Bumped whenever what the meter counts changes: a rebuild of an older version is stale. */
  rollupVersion = 0;
}

export const MeterSchema = new EntitySchema<Meter>({
  class: Meter,
  tableName: 'meter',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    name: { type: 'text' },
    unit: { type: 'text' },
    customLabel: { type: 'text', nullable: true },
    customMultiplier: { type: 'integer', nullable: true },
    filter: { type: 'json' },
    aggregation: { type: 'json' },
    metadata: { type: 'json' },
    archivedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    rollupsReadyAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    rollupVersion: { type: 'integer' },
  },
});
