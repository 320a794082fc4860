// Meters as the API shows them.
import type { Meter as MeterOutput } from '../../contracts/meter';
import type { Meter } from './meter.entity';

export function meterOutput(meter: Meter): MeterOutput {
  return {
    id: meter.id,
    created_at: meter.createdAt.toISOString(),
    modified_at: meter.modifiedAt?.toISOString() ?? null,
    metadata: meter.metadata,
    name: meter.name,
    unit: meter.unit,
    custom_label: meter.customLabel,
    custom_multiplier: meter.customMultiplier,
    filter: meter.filter,
    aggregation: meter.aggregation,
    organization_id: meter.organizationId,
    archived_at: meter.archivedAt?.toISOString() ?? null,
  };
}
