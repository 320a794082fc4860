// Meters: what counts usage. Fields follow the spec's Meter; the meter as read back and its list.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { MeterAggregation } from './meter-aggregation';
import { MeterFilter } from './meter-filter';
import { MetadataOutput } from './metadata';

export { type Metadata } from './metadata';

export const MeterUnit = z.enum(['scalar', 'token', 'custom']);
export type MeterUnit = z.infer<typeof MeterUnit>;

export const Meter = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    metadata: MetadataOutput,
    name: z.string(),
    unit: MeterUnit,
    custom_label: z.string().nullable(),
    custom_multiplier: z.int32().nullable(),
    filter: MeterFilter,
    aggregation: MeterAggregation,
    organization_id: Uuid,
    archived_at: Timestamp.nullable(),
  })
  .meta({ id: 'Meter' });
export type Meter = z.infer<typeof Meter>;

export const MeterList = ListResource(Meter).meta({ id: 'ListResource_Meter_' });
