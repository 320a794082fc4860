// report.md: the machine, every figure beside its baseline and target (✅/❌ where the target is a bound), the plots.
import { execSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import type { BenchRun } from './bench-plan';
import { capacityMarkdown } from './capacity';
import { clusterComparison } from './cluster-comparison';
import type { BenchResults } from './plots';

export interface RunOutcome {
  run: BenchRun;
  exitCode: number | null;
  seconds: number;
  results: BenchResults[];
}

/** "≤ 150", "≥ 1,500", ">= 30 renewals/s": the bound a value must keep; null for a target in words. */
export function targetCheck(target: string | undefined, value: number): boolean | null {
  const bound = /^\s*(≤|≥|<=|>=|<|>)\s*(-?[\d,]*\.?\d+)/.exec(target ?? '');
  if (!bound) return null;
  const limit = Number(bound[2].replace(/,/g, ''));
  switch (bound[1]) {
    case '≤':
    case '<=':
      return value <= limit;
    case '≥':
    case '>=':
      return value >= limit;
    case '<':
      return value < limit;
    default:
      return value > limit;
  }
}

const number = (value: number) =>
  Math.abs(value) >= 100
    ? Math.round(value).toLocaleString('en-US')
    : Number(value.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 3 });
const cell = (text: string) => text.replace(/\|/g, '\\|');

function machine(): string[] {
  const git = (args: string) => {
    try {
      return execSync(`git ${args}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return 'unknown';
    }
  };
  const dirty = git('status --porcelain --untracked-files=no') ? ' (with uncommitted changes)' : '';
  return [
    `- CPUs: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    `- memory: ${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- Node ${process.version}, ${process.platform}/${process.arch}`,
    `- date: ${new Date().toISOString()}`,
    `- git commit: ${git('rev-parse --short HEAD')}${dirty}`,
  ];
}

/**
 * Whether renewals cost the same whatever the book's size: renewals/s at the largest size as a share of the smallest's
 * (one worker process), as a run of its own in the report.
 */
export function renewalFlatness(outcomes: RunOutcome[]): RunOutcome | null {
  const rates = outcomes.flatMap(({ run, results }) => {
    const figure = results.flatMap((result) => result.figures).find((f) => /^renewals\/s/.test(f.name));
    return run.renewals?.workers === 1 && figure
      ? [{ subscriptions: run.renewals.subscriptions, rate: figure.value }]
      : [];
  });
  if (rates.length < 2) return null;
  rates.sort((a, b) => a.subscriptions - b.subscriptions);
  const [small, large] = [rates[0], rates.at(-1)!];
  const figure = {
    name: `renewals/s at ${large.subscriptions} subscriptions as a share of at ${small.subscriptions}`,
    value: (large.rate / small.rate) * 100,
    unit: '%',
    baseline: { name: `renewals/s at ${small.subscriptions}`, value: small.rate },
    target: '≥ 90',
  };
  const run = { id: 'subscription-renewals-flatness', benchmark: 'subscription-renewals', args: [] };
  return { run, exitCode: 0, seconds: 0, results: [{ benchmark: 'subscription-renewals', figures: [figure] }] };
}

export function reportMarkdown(
  outcomes: RunOutcome[],
  plots: { title: string; file: string }[],
  command: string,
): string {
  const lines = ['# Bursar benchmarks', '', `\`${command}\``, '', ...machine(), ''];
  lines.push('| run | figure | value | baseline | target | |', '|---|---|---|---|---|---|');
  for (const { run, exitCode, results } of outcomes) {
    if (exitCode !== 0) lines.push(`| ${run.id} | **failed** (exit ${exitCode}; see ${run.id}.log) | | | | ❌ |`);
    else if (!results.length) lines.push(`| ${run.id} | no figures written (see ${run.id}.log) | | | | |`);
    for (const { figures } of results) {
      for (const figure of figures) {
        const check = targetCheck(figure.target, figure.value);
        const baseline = figure.baseline ? `${number(figure.baseline.value)} (${cell(figure.baseline.name)})` : '';
        const mark = check === null ? '' : check ? '✅' : '❌';
        lines.push(
          `| ${run.id} | ${cell(figure.name)} | ${number(figure.value)} ${cell(figure.unit)} | ${baseline} | ${cell(figure.target ?? '')} | ${mark} |`,
        );
      }
    }
  }
  lines.push(
    '',
    'Run times: ' + outcomes.map(({ run, seconds }) => `${run.id} ${seconds.toFixed(0)} s`).join(', ') + '.',
    '',
  );
  lines.push(...capacityMarkdown(outcomes));
  lines.push(...clusterComparison(outcomes));
  if (plots.length) lines.push('## Plots', '');
  for (const plot of plots) lines.push(`### ${plot.title}`, '', `![${plot.title}](${plot.file})`, '');
  return lines.join('\n');
}
