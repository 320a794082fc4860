// The organizations' saved metric dashboards (the facts are written and read in SQL: record-facts.ts, read-*.ts).
import { EntitySchema } from '@mikro-orm/core';

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
