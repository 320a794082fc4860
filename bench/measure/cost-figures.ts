// A flow's cost per operation as report figures: CPU by process (drawn as a stacked bar per flow), Bursar's CPU and all
// processes', SQL statements and transactions of Bursar's processes, and the Temporal counts.
import type { Figure } from '../bench-stack';
import type { Cost } from './cost';
import type { TemporalCost } from './history';

export const CPU_ROLES = ['api', 'worker', 'temporal', 'postgres'] as const;
/** The stacked bar finds its figures by this name: `<flow>: CPU per operation, <role>`. */
export const CPU_FIGURE = /^(.*): CPU per operation, (\w+)$/;

export interface CostTargets {
  bursarCpuMs?: string;
  allCpuMs?: string;
  apiCpuMs?: string;
  statements?: string;
  transactions?: string;
}

export function costFigures(
  flow: string,
  cost: Cost,
  temporal?: TemporalCost,
  targets: CostTargets = {},
  baseline?: Cost,
): Figure[] {
  const sum = (of: Cost, roles: readonly string[]) => roles.reduce((total, role) => total + (of.cpuMs[role] ?? 0), 0);
  const sql = (of: Cost, key: 'statements' | 'transactions') =>
    Object.values(of.sql).reduce((total, counts) => total + counts[key], 0);
  const bare = (name: string, value: (of: Cost) => number) => baseline && { name, value: value(baseline) };
  const figures: Figure[] = CPU_ROLES.filter((role) => role in cost.cpuMs).map((role) => ({
    name: `${flow}: CPU per operation, ${role}`,
    value: cost.cpuMs[role],
    unit: 'ms',
    ...(role === 'api' && targets.apiCpuMs ? { target: targets.apiCpuMs } : {}),
  }));
  figures.push(
    {
      name: `${flow}: Bursar's CPU (API + worker) per operation`,
      value: sum(cost, ['api', 'worker']),
      unit: 'ms',
      baseline: bare('bare API + worker', (of) => sum(of, ['api', 'worker'])),
      target: targets.bursarCpuMs,
    },
    {
      name: `${flow}: all processes' CPU per operation`,
      value: sum(cost, CPU_ROLES),
      unit: 'ms',
      baseline: bare('bare engine, all processes', (of) => sum(of, CPU_ROLES)),
      target: targets.allCpuMs,
    },
    {
      name: `${flow}: SQL statements per operation`,
      value: sql(cost, 'statements'),
      unit: 'statements',
      baseline: bare('bare engine', (of) => sql(of, 'statements')),
      target: targets.statements,
    },
    {
      name: `${flow}: SQL transactions per operation`,
      value: sql(cost, 'transactions'),
      unit: 'transactions',
      baseline: bare('bare engine', (of) => sql(of, 'transactions')),
      target: targets.transactions,
    },
  );
  if (temporal)
    figures.push(
      { name: `${flow}: workflow runs per operation`, value: temporal.workflows, unit: 'runs' },
      { name: `${flow}: workflow tasks per operation`, value: temporal.workflowTasks, unit: 'tasks' },
      { name: `${flow}: activity tasks per operation`, value: temporal.activityTasks, unit: 'tasks' },
      { name: `${flow}: local activities per operation`, value: temporal.localActivities, unit: 'activities' },
      { name: `${flow}: Updates per operation`, value: temporal.updates, unit: 'Updates' },
      { name: `${flow}: history events per operation`, value: temporal.historyEvents, unit: 'events' },
      {
        name: `${flow}: workflow task timeouts`,
        value: temporal.workflowTaskTimeouts,
        unit: 'timeouts',
        target: '≤ 0',
      },
    );
  return figures;
}

/** A ratio as a figure, e.g. purchases/s as a share of the bare shape's, with its target ("≥ 50"). */
export function ratioFigure(
  name: string,
  value: number,
  baseline: { name: string; value: number },
  target?: string,
): Figure {
  return { name, value: (value / baseline.value) * 100, unit: '% of the bare shape', baseline, target };
}
