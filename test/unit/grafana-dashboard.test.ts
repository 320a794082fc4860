// The Grafana dashboard (deploy/grafana/bursar-dashboard.json) charts only series that exist: the bursar_* and
// Node.js ones the process registry exports, and the Temporal SDK worker series its exporter serves (checked live by
// test/integration/prometheus-metrics.test.ts); and every bursar_* series has a panel.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registry } from '../../src/platform/prometheus';
import { TEMPORAL_SDK_SERIES } from '../support/temporal-sdk-series';

interface Panel {
  type: string;
  title: string;
  id: number;
  datasource?: { uid: string };
  targets?: { expr: string }[];
  panels?: Panel[];
}

const dashboard = JSON.parse(readFileSync(join(__dirname, '../../deploy/grafana/bursar-dashboard.json'), 'utf8')) as {
  panels: Panel[];
  templating: { list: { name: string; query: string | { query: string } }[] };
};
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
const queries = [
  ...panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)),
  ...dashboard.templating.list.map((v) => (typeof v.query === 'string' ? v.query : v.query.query)),
];

/** The series a PromQL query reads: every name before a `{` selector or inside label_values(). */
function seriesOf(expr: string): string[] {
  const selected = [...expr.matchAll(/([a-zA-Z_:][\w:]*)\s*\{/g)].map((m) => m[1]);
  const bare = [...expr.matchAll(/\b((?:bursar|temporal|nodejs|process)_\w+)\b/g)].map((m) => m[1]);
  return [...new Set([...selected, ...bare])];
}

/** What the registry serves: each metric's name, a histogram's _bucket/_sum/_count, a summary's _sum/_count. */
async function exportedSeries(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') ['_bucket', '_sum', '_count'].forEach((s) => names.add(metric.name + s));
    if (String(metric.type) === 'summary') ['_sum', '_count'].forEach((s) => names.add(metric.name + s));
  }
  return names;
}

test('every series a dashboard query reads is exported by the registry or the Temporal SDK', async () => {
  const exported = await exportedSeries();
  const known = (name: string) => exported.has(name) || (TEMPORAL_SDK_SERIES as readonly string[]).includes(name);
  const unknown = queries.flatMap((expr) =>
    seriesOf(expr)
      .filter((name) => !known(name))
      .map((n) => `${n} in ${expr}`),
  );
  expect(unknown).toEqual([]);
  expect(queries.length).toBeGreaterThan(20);
});

test('every bursar_* series the registry exports has a panel', async () => {
  const charted = new Set(queries.flatMap(seriesOf).map((name) => name.replace(/_(bucket|sum|count)$/, '')));
  const bursar = (await registry.getMetricsAsJSON()).map((m) => m.name).filter((n) => n.startsWith('bursar_'));
  expect(bursar.length).toBeGreaterThanOrEqual(17); // http 2, business 8, outbox and endpoints 4, pool 3
  expect(bursar.filter((name) => !charted.has(name))).toEqual([]);
});

test('the Temporal SDK series it lists are each charted', () => {
  const charted = new Set(queries.flatMap(seriesOf));
  expect(TEMPORAL_SDK_SERIES.filter((name) => !charted.has(name))).toEqual([]);
});

test('panels have unique ids and read the dashboard’s data source variable', () => {
  const ids = panels.map((p) => p.id);
  expect(new Set(ids).size).toBe(ids.length);
  const charts = panels.filter((p) => p.type !== 'row');
  expect(charts.filter((p) => p.datasource?.uid !== '${datasource}').map((p) => p.title)).toEqual([]);
  expect(charts.filter((p) => !p.targets?.length).map((p) => p.title)).toEqual([]);
});
