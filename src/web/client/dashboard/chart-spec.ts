// A chart of the dashboard as a vega-lite spec: periods along x in their order, one layer per kind of mark, amounts
// in major units of the currency (the tables beside the charts give the exact figures).
import type { TopLevelSpec } from 'vega-lite';
import { currencyDecimals } from '../shared/format';
import type { ChartDefinition, SeriesMark } from './dashboard-charts';

export interface ChartPoint {
  period: string;
  series: string;
  value: number;
}

export interface ChartInput {
  chart: ChartDefinition;
  /** Period labels in order, and each period's figures by metric slug. */
  periods: { label: string; figures: Record<string, number> }[];
  seriesLabel: (metric: string) => string;
  currency: string;
  width: number;
  description: string;
}

export function chartSpec(input: ChartInput): TopLevelSpec {
  const { chart, periods, seriesLabel, currency } = input;
  const scale = chart.unit === 'money' ? 10 ** currencyDecimals(currency) : 1;
  const points = (mark: SeriesMark): ChartPoint[] =>
    chart.series
      .filter((series) => series.mark === mark)
      .flatMap((series) =>
        periods.map((period) => ({
          period: period.label,
          series: seriesLabel(series.metric),
          value: ((series.negative ? -1 : 1) * (period.figures[series.metric] ?? 0)) / scale,
        })),
      );
  const x = { field: 'period', type: 'ordinal', sort: periods.map((period) => period.label), title: null } as const;
  const y = {
    field: 'value',
    type: 'quantitative',
    title: chart.unit === 'money' ? currency.toUpperCase() : null,
    axis: { format: chart.unit === 'rate' ? '.1%' : chart.unit === 'count' ? 'd' : ',.2~f', tickMinStep: 1 },
  } as const;
  const color = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: {
      domain: chart.series.map((series) => seriesLabel(series.metric)),
      range: chart.series.map((series) => series.color),
    },
    legend: { orient: 'bottom', direction: 'horizontal' },
  } as const;
  const layers: TopLevelSpec[] = [];
  if (chart.series.some((series) => series.mark === 'stacked'))
    layers.push({
      data: { values: points('stacked') },
      mark: 'bar',
      encoding: { x, y: { ...y, stack: 'zero' }, color },
    });
  if (chart.series.some((series) => series.mark === 'grouped'))
    layers.push({
      data: { values: points('grouped') },
      mark: 'bar',
      encoding: { x, y, color, xOffset: { field: 'series', type: 'nominal', sort: color.scale.domain } },
    });
  if (chart.series.some((series) => series.mark === 'line'))
    layers.push({ data: { values: points('line') }, mark: { type: 'line', point: true }, encoding: { x, y, color } });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: input.description,
    width: input.width,
    height: 240,
    layer: layers,
    resolve: { scale: { y: 'shared' } },
    config: { font: 'system-ui, sans-serif', axis: { labelFontSize: 12, titleFontSize: 12 } },
  } as TopLevelSpec;
}
