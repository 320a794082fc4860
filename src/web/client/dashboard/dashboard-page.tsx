// The metrics dashboard of a signed link: period pickers, the range's headline figures, then MRR with its movements,
// revenue, subscriptions and churn as charts with their tables. The figures come from the page's own data endpoint.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { MetricsResponse } from '../../../contracts/metrics';
import { api, ApiError } from '../shared/api';
import type { DashboardBoot } from '../shared/boot';
import { formatMoney } from '../shared/format';
import { Alert, PageFrame, translator } from '../shared/ui';
import { CHARTS } from './dashboard-charts';
import { dataPath, defaultRange, periodLabel, today, type DashboardQuery } from './dashboard-query';
import { MetricFigure } from './metric-figure';
import { PeriodPickers } from './period-pickers';

type Load = { state: 'loading' } | { state: 'loaded'; data: MetricsResponse } | { state: 'failed'; message: string };

export function DashboardPage(props: { boot: DashboardBoot }) {
  const { boot } = props;
  const t = translator(boot.locale);
  const [query, setQuery] = useState<DashboardQuery>(() => {
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    return { interval: 'month', timezone, currency: null, ...defaultRange('month', today(timezone)) };
  });
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [width, setWidth] = useState(640);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The plot's width: the page's column less its margins, the cards' padding and the y axis (the SVG shrinks below).
    if (frame.current) setWidth(Math.max(260, Math.min(800, Math.min(960, frame.current.clientWidth) - 170)));
    // The token stays out of the address bar (and of screenshots and history); the page keeps it in memory.
    history.replaceState(null, '', location.pathname);
  }, []);
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    api<MetricsResponse>('GET', dataPath(boot.token, query)).then(
      (data) => current && setLoad({ state: 'loaded', data }),
      (error: unknown) => current && setLoad({ state: 'failed', message: failure(error) }),
    );
    return () => {
      current = false;
    };
  }, [query]);
  const failure = (error: unknown) =>
    error instanceof ApiError
      ? error.status === 403
        ? t('dashboard.linkExpired')
        : error.message
      : t('common.unexpectedError');

  const data = load.state === 'loaded' ? load.data : null;
  const periods = useMemo(
    () =>
      (data?.periods ?? []).map(({ timestamp, ...figures }) => ({
        label: periodLabel(timestamp, query.interval, query.timezone, boot.locale),
        figures,
      })),
    [data],
  );
  const money = (amount: number | undefined) => formatMoney(amount ?? 0, data?.currency ?? 'usd', boot.locale);
  return (
    <div ref={frame}>
      <PageFrame
        t={t}
        title={t('dashboard.heading', { organization: boot.organization.name })}
        sandbox={boot.environment === 'sandbox'}
      >
        <PeriodPickers
          t={t}
          query={query}
          currencies={data ? Object.keys(data.currencies).sort() : []}
          currency={data?.currency ?? null}
          onChange={setQuery}
        />
        {load.state === 'failed' && <Alert kind="error">{load.message}</Alert>}
        <p role="status" class="dashboard-status">
          {load.state === 'loading'
            ? t('dashboard.loading')
            : data &&
              t('dashboard.loaded', {
                start: query.start_date,
                end: query.end_date,
                interval: t(`dashboard.interval.${query.interval}`).toLowerCase(),
              })}
        </p>
        {data && (
          <>
            <dl class="card headline-figures">
              <div>
                <dt>{t('dashboard.mrr')}</dt>
                <dd data-total="monthly_recurring_revenue">{money(data.totals.monthly_recurring_revenue)}</dd>
              </div>
              <div>
                <dt>{t('metric.revenue')}</dt>
                <dd data-total="revenue">{money(data.totals.revenue)}</dd>
              </div>
              <div>
                <dt>{t('metric.active_subscriptions')}</dt>
                <dd data-total="active_subscriptions">{data.totals.active_subscriptions ?? 0}</dd>
              </div>
              <div>
                <dt>{t('metric.churn_rate')}</dt>
                <dd data-total="churn_rate">
                  {new Intl.NumberFormat(boot.locale, { style: 'percent', maximumFractionDigits: 2 }).format(
                    data.totals.churn_rate ?? 0,
                  )}
                </dd>
              </div>
            </dl>
            {CHARTS.map((chart) => (
              <MetricFigure
                key={chart.id}
                t={t}
                locale={boot.locale}
                chart={chart}
                periods={periods}
                currency={data.currency}
                width={width}
              />
            ))}
          </>
        )}
      </PageFrame>
    </div>
  );
}
