// One chart of the dashboard as a figure: its title, the chart (named for screen readers), and a table of the same
// numbers, formatted as the reader reads them (money with its currency's decimals, rates as percentages).
import { useMemo } from 'preact/hooks';
import { formatMoney } from '../shared/format';
import type { Translate } from '../shared/ui';
import type { StringKey } from '../strings';
import { chartSpec } from './chart-spec';
import type { ChartDefinition } from './dashboard-charts';
import { VegaChart } from './vega-chart';

export interface FigurePeriod {
  label: string;
  figures: Record<string, number>;
}

export function MetricFigure(props: {
  t: Translate;
  locale: string;
  chart: ChartDefinition;
  periods: FigurePeriod[];
  currency: string;
  width: number;
}) {
  const { t, chart, periods, currency, locale } = props;
  const title = t(chart.title, { currency: currency.toUpperCase() });
  const seriesLabel = (metric: string) => t(`metric.${metric}` as StringKey);
  const spec = useMemo(
    () =>
      chartSpec({
        chart,
        periods,
        seriesLabel,
        currency,
        width: props.width,
        description: t('dashboard.chartLabel', { title }),
      }),
    [chart, periods, currency, props.width],
  );
  const format = (value: number) =>
    chart.unit === 'money'
      ? formatMoney(value, currency, locale)
      : chart.unit === 'rate'
        ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value)
        : new Intl.NumberFormat(locale).format(value);
  const headingId = `chart-${chart.id}-title`;
  return (
    <figure class="card metric-figure" aria-labelledby={headingId} data-chart={chart.id}>
      <figcaption>
        <h2 id={headingId}>{title}</h2>
      </figcaption>
      <VegaChart spec={spec} label={t('dashboard.chartLabel', { title })} />
      <details>
        <summary>{t('dashboard.numbers')}</summary>
        <div class="table-scroll">
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.periodColumn')}</th>
                {chart.series.map((series) => (
                  <th scope="col" key={series.metric}>
                    {seriesLabel(series.metric)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {periods.map((period) => (
                <tr key={period.label}>
                  <th scope="row">{period.label}</th>
                  {chart.series.map((series) => (
                    <td key={series.metric} data-metric={series.metric}>
                      {format(period.figures[series.metric] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
