// A simulation's row (its subscriptions' results are written and read in SQL: run-simulation.ts, simulation-reads.ts).
import { EntitySchema } from '@mikro-orm/core';
import type { SimulationChange } from '../../contracts/simulation';
import type { SimulationSums } from './simulation-diff.logic';

export type SimulationStatus = 'running' | 'succeeded' | 'failed';

export class SimulationRow {
  id!: string;
  organizationId!: string;
  status!: SimulationStatus;
  cycles!: number;
  change!: SimulationChange;
  done = 0;
  total: number | null = null;
  totals: SimulationSums['totals'] = [];
  months: SimulationSums['months'] = [];
  error: string | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
  finishedAt: Date | null = null;
}

const timestamp = { type: 'Date', columnType: 'timestamptz' } as const;

export const SimulationSchema = new EntitySchema<SimulationRow>({
  class: SimulationRow,
  tableName: 'simulation',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    status: { type: 'text' },
    cycles: { type: 'integer' },
    change: { type: 'json' },
    done: { type: 'integer' },
    total: { type: 'integer', nullable: true },
    totals: { type: 'json' },
    months: { type: 'json' },
    error: { type: 'text', nullable: true },
    createdAt: timestamp,
    modifiedAt: { ...timestamp, nullable: true },
    finishedAt: { ...timestamp, nullable: true },
  },
});
