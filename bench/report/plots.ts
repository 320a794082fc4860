// The report's plots, as vega-lite specs rendered to SVG in Node (vega's headless view: no browser, no canvas).
import type { TopLevelSpec } from 'vega-lite';
import { CPU_FIGURE } from '../measure/cost-figures';

/** What a benchmark handed over through `writeResults` (bench/bench-stack.ts). */
export interface BenchResults {
  benchmark: string;
  figures: { name: string; value: number; unit: string; baseline?: { name: string; value: number }; target?: string }[];
  series?: Record<string, number[]>;
}

/** Latency series are named `latencies` (or `latencies <what>`, in ms); completion times `completions` (ms from the start). */
export const isLatencySeries = (name: string) => /latenc/i.test(name);
export const isCompletionSeries = (name: string) => /complet/i.test(name);

const MAX_POINTS = 400;
/** `latencies orders` is drawn as `orders`; a bare `latencies` as `all`. */
const label = (name: string) => name.replace(/^(latenc\w*|complet\w*)\s*/i, '') || 'all';
const LEGEND = { title: null, labelLimit: 320 };

/** The cumulative distribution of each latency series of a run: the fraction of requests answered within x ms. */
export function latencyCdfSpec(title: string, series: Record<string, number[]>): TopLevelSpec | null {
  const values = Object.entries(series)
    .filter(([name, data]) => isLatencySeries(name) && data.length)
    .flatMap(([name, data]) => {
      const sorted = [...data].sort((a, b) => a - b);
      const step = Math.max(1, Math.floor(sorted.length / MAX_POINTS));
      const points = [];
      for (let i = 0; i < sorted.length; i += step)
        points.push({ series: label(name), ms: Math.max(sorted[i], 0.01), fraction: (i + 1) / sorted.length });
      points.push({ series: label(name), ms: Math.max(sorted.at(-1)!, 0.01), fraction: 1 });
      return points;
    });
  if (!values.length) return null;
  return {
    title: `${title}: latency (cumulative)`,
    width: 520,
    height: 260,
    data: { values },
    mark: { type: 'line', interpolate: 'step-after' },
    encoding: {
      x: { field: 'ms', type: 'quantitative', scale: { type: 'log' }, title: 'latency (ms, log scale)' },
      y: { field: 'fraction', type: 'quantitative', title: 'fraction answered within', axis: { format: '%' } },
      color: { field: 'series', type: 'nominal', legend: LEGEND },
    },
  };
}

/** Completions per second over the run, from each series of completion times. */
export function throughputSpec(title: string, series: Record<string, number[]>): TopLevelSpec | null {
  const values = Object.entries(series)
    .filter(([name, data]) => isCompletionSeries(name) && data.length)
    .flatMap(([name, data]) => {
      const last = data.reduce((a, b) => Math.max(a, b), 0); // not Math.max(...data): long series overflow the stack
      const binMs = Math.max(100, Math.ceil(last / 60 / 100) * 100);
      const counts = new Map<number, number>();
      for (const at of data) counts.set(Math.floor(at / binMs), (counts.get(Math.floor(at / binMs)) ?? 0) + 1);
      return Array.from({ length: Math.floor(last / binMs) + 1 }, (_, bin) => ({
        series: label(name),
        seconds: (bin * binMs) / 1000,
        perSecond: ((counts.get(bin) ?? 0) * 1000) / binMs,
      }));
    });
  if (!values.length) return null;
  return {
    title: `${title}: throughput over time`,
    width: 520,
    height: 220,
    data: { values },
    mark: { type: 'line', interpolate: 'step-after' },
    encoding: {
      x: { field: 'seconds', type: 'quantitative', title: 'seconds from the start' },
      y: { field: 'perSecond', type: 'quantitative', title: 'completions per second' },
      color: { field: 'series', type: 'nominal', legend: LEGEND },
    },
  };
}

/** Renewals per second against the number of subscriptions renewing at one instant, one line per worker count. */
export function renewalScalingSpec(
  points: { subscriptions: number; workers: number; renewalsPerSecond: number }[],
): TopLevelSpec | null {
  if (!points.length) return null;
  return {
    title: 'Renewals per second vs subscriptions renewing at one instant',
    width: 520,
    height: 260,
    data: { values: points.map((p) => ({ ...p, workers: `${p.workers} worker process${p.workers > 1 ? 'es' : ''}` })) },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'subscriptions', type: 'quantitative', scale: { type: 'log' }, title: 'subscriptions (log scale)' },
      y: { field: 'renewalsPerSecond', type: 'quantitative', title: 'renewals/s' },
      color: { field: 'workers', type: 'nominal', legend: LEGEND },
    },
  };
}

/** CPU per operation of each flow, stacked by process (figures named `<flow>: CPU per operation, <process>`). */
export function cpuStackSpec(figures: BenchResults['figures']): TopLevelSpec | null {
  const values = figures.flatMap((figure) => {
    const match = CPU_FIGURE.exec(figure.name);
    return match ? [{ flow: match[1], process: match[2], ms: figure.value }] : [];
  });
  if (!values.length) return null;
  return {
    title: 'CPU per operation by process',
    width: 520,
    height: { step: 22 },
    data: { values },
    mark: 'bar',
    encoding: {
      y: { field: 'flow', type: 'nominal', sort: null, title: null },
      x: { field: 'ms', type: 'quantitative', aggregate: 'mean', title: 'CPU ms per operation (mean of its runs)' },
      color: { field: 'process', type: 'nominal', legend: LEGEND },
    },
  };
}

/** vega-lite → vega → SVG, headless. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const vl = await import('vega-lite');
  const vega = await import('vega');
  const view = new vega.View(vega.parse(vl.compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}
