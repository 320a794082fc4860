// The bodies a meter is created and updated with (the reference's MeterCreate and MeterUpdate).
import { z } from 'zod';
import { Uuid } from './common';
import { MeterUnit } from './meter';
import { MeterAggregation } from './meter-aggregation';
import { BoundedMeterFilter } from './meter-filter';
import { MetadataInput } from './metadata';

const name = z.string().trim().min(3).max(255);

export const MeterCreate = z
  .object({
    name,
    unit: MeterUnit.default('scalar'),
    custom_label: z.string().max(100).nullish(),
    custom_multiplier: z.int32().positive().nullish(),
    filter: BoundedMeterFilter,
    aggregation: MeterAggregation,
    metadata: MetadataInput.default({}),
    organization_id: Uuid.nullish(),
  })
  .meta({ id: 'MeterCreate' });
export type MeterCreate = z.infer<typeof MeterCreate>;

/** Absent or null leaves a field as it is, except `custom_label`/`custom_multiplier`, which null clears. */
export const MeterUpdate = z
  .object({
    name: name.nullish(),
    unit: MeterUnit.nullish(),
    custom_label: z.string().max(100).nullish(),
    custom_multiplier: z.int32().positive().nullish(),
    filter: BoundedMeterFilter.nullish(),
    aggregation: MeterAggregation.nullish(),
    metadata: MetadataInput.optional(),
    is_archived: z.boolean().nullish(),
  })
  .meta({ id: 'MeterUpdate' });
export type MeterUpdate = z.infer<typeof MeterUpdate>;
