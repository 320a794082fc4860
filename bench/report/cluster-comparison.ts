// The report's "dev server vs cluster" section (`./run bench --cluster …`): each figure of a run beside the same figure
// of its twin on the cluster's Temporal server, and the cluster's as a share of the dev server's.
import type { RunOutcome } from './report-markdown';

const shown = (value: number | undefined) =>
  value === undefined ? '—' : Number(value.toPrecision(4)).toLocaleString('en-US', { maximumFractionDigits: 3 });

export function clusterComparison(outcomes: RunOutcome[]): string[] {
  const byId = new Map(outcomes.map((outcome) => [outcome.run.id, outcome]));
  const pairs = outcomes.flatMap((cluster) => {
    const dev = cluster.run.onCluster ? byId.get(cluster.run.id.replace(/-cluster$/, '')) : undefined;
    return dev ? [{ dev, cluster }] : [];
  });
  if (!pairs.length) return [];
  const lines = [
    '## Dev server vs cluster',
    '',
    "The same benchmark on the Temporal CLI's dev server (SQLite, one process) and on the cluster of `./run start --cluster`",
    '(the server built from go.temporal.io/server, four service processes, PostgreSQL, 4 history shards).',
    '',
    '| run | figure | dev server | cluster | cluster ÷ dev |',
    '|---|---|---|---|---|',
  ];
  for (const { dev, cluster } of pairs) {
    const values = (outcome: RunOutcome) =>
      new Map(outcome.results.flatMap((result) => result.figures.map((f) => [`${f.name} (${f.unit})`, f.value])));
    const [devValues, clusterValues] = [values(dev), values(cluster)];
    for (const name of new Set([...devValues.keys(), ...clusterValues.keys()])) {
      const [a, b] = [devValues.get(name), clusterValues.get(name)];
      const ratio = a && b !== undefined ? `${shown(b / a)}×` : '';
      lines.push(`| ${dev.run.id} | ${name.replace(/\|/g, '\\|')} | ${shown(a)} | ${shown(b)} | ${ratio} |`);
    }
  }
  return [...lines, ''];
}
