// Runs every benchmark (or those named) one after another, each as its own process with BENCH_RESULTS_DIR set to its
// folder of bench/results/<time>/, streaming its output (also kept in <run>.log), then writes report.md there: every
// figure beside its baseline and target, the machine, and the plots as SVG. bench/results/latest points at it.
//   npx tsx bench/run-all.ts [--quick] [--cluster] [benchmark…]      (./run bench …, npm run bench -- …)
// --cluster runs each benchmark again on the cluster's Temporal server and reports the two side by side.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { benchPlan, type BenchRun } from './report/bench-plan';
import {
  cpuStackSpec,
  latencyCdfSpec,
  renderSvg,
  renewalScalingSpec,
  throughputSpec,
  type BenchResults,
} from './report/plots';
import { renewalFlatness, reportMarkdown, type RunOutcome } from './report/report-markdown';

const RESULTS_ROOT = join(__dirname, 'results');

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const plan = benchPlan(
    quick,
    args.filter((arg) => !arg.startsWith('--')),
    args.includes('--cluster'),
  );
  const folder = join(RESULTS_ROOT, new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(folder, { recursive: true });
  console.log(
    `Benchmarks (${quick ? 'quick' : 'full'}): ${plan.map((run) => run.id).join(', ')}\nResults: ${folder}\n`,
  );

  const outcomes: RunOutcome[] = [];
  for (const run of plan) outcomes.push(await execute(run, folder));

  const flatness = renewalFlatness(outcomes);
  if (flatness) outcomes.push(flatness);
  const plots = await drawPlots(outcomes, folder);
  const command = `npx tsx bench/run-all.ts ${args.join(' ')}`.trim();
  writeFileSync(join(folder, 'report.md'), reportMarkdown(outcomes, plots, command));
  const latest = join(RESULTS_ROOT, 'latest');
  rmSync(latest, { force: true });
  symlinkSync(relative(RESULTS_ROOT, folder), latest);
  console.log(`\nReport: ${join(folder, 'report.md')} (also bench/results/latest/report.md)`);
  const failed = outcomes.filter((outcome) => outcome.exitCode !== 0);
  if (failed.length) {
    console.error(`Failed: ${failed.map((outcome) => outcome.run.id).join(', ')}`);
    process.exitCode = 1;
  }
}

/** One benchmark process; its output goes to this terminal and to <run>.log, its results to <folder>/<run>/. */
async function execute(run: BenchRun, folder: string): Promise<RunOutcome> {
  const resultsDir = join(folder, run.id);
  mkdirSync(resultsDir, { recursive: true });
  const log = createWriteStream(join(folder, `${run.id}.log`));
  console.log(`\n=== ${run.id}: npx tsx bench/${run.benchmark}.bench.ts ${run.args.join(' ')}`);
  const started = performance.now();
  const child = spawn('npx', ['tsx', join('bench', `${run.benchmark}.bench.ts`), ...run.args], {
    cwd: join(__dirname, '..'),
    env: { ...process.env, BENCH_RESULTS_DIR: resultsDir, ...(run.onCluster && { BENCH_TEMPORAL: 'cluster' }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (process.stdout.write(chunk), log.write(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (process.stderr.write(chunk), log.write(chunk)));
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise((resolve) => log.end(resolve));
  const results = existsSync(resultsDir)
    ? readdirSync(resultsDir)
        .filter((file) => file.endsWith('.json'))
        .map((file) => JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) as BenchResults)
    : [];
  return { run, exitCode, seconds: (performance.now() - started) / 1000, results };
}

async function drawPlots(outcomes: RunOutcome[], folder: string): Promise<{ title: string; file: string }[]> {
  const plotsDir = join(folder, 'plots');
  mkdirSync(plotsDir, { recursive: true });
  const drawn: { title: string; file: string }[] = [];
  const draw = async (name: string, title: string, spec: ReturnType<typeof latencyCdfSpec>) => {
    if (!spec) return;
    writeFileSync(join(plotsDir, `${name}.svg`), await renderSvg(spec));
    drawn.push({ title, file: `plots/${name}.svg` });
  };
  for (const { run, results } of outcomes) {
    for (const result of results) {
      const name = results.length > 1 ? `${run.id}-${result.benchmark}` : run.id;
      await draw(`${name}-latency`, `${name}: latency distribution`, latencyCdfSpec(name, result.series ?? {}));
      await draw(`${name}-throughput`, `${name}: throughput over time`, throughputSpec(name, result.series ?? {}));
    }
  }
  const renewals = outcomes.flatMap(({ run, results }) => {
    const figure = results.flatMap((result) => result.figures).find((f) => /renewals\/s/.test(`${f.unit} ${f.name}`));
    return run.renewals && figure ? [{ ...run.renewals, renewalsPerSecond: figure.value }] : [];
  });
  const figures = outcomes.flatMap(({ results }) => results.flatMap((result) => result.figures));
  await draw('cpu-per-operation', 'CPU per operation by process', cpuStackSpec(figures));
  await draw('renewals-vs-subscriptions', 'Renewals per second vs subscriptions', renewalScalingSpec(renewals));
  return drawn;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
