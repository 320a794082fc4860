// The period pickers: the range's first and last day, the interval (which resets the range to one that fits it), and
// the currency when the organization sold in more than one. Every change reloads the figures.
import { SelectField, Field, type Translate } from '../shared/ui';
import { defaultRange, INTERVALS, type DashboardQuery, type Interval } from './dashboard-query';

export function PeriodPickers(props: {
  t: Translate;
  query: DashboardQuery;
  currencies: string[];
  currency: string | null;
  onChange: (query: DashboardQuery) => void;
}) {
  const { t, query, onChange } = props;
  const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  return (
    <form class="card period-pickers" aria-label={t('dashboard.period')} onSubmit={(event) => event.preventDefault()}>
      <Field
        id="start-date"
        type="date"
        label={t('dashboard.startDate')}
        value={query.start_date}
        max={query.end_date}
        required
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isDay(value)) onChange({ ...query, start_date: value });
        }}
      />
      <Field
        id="end-date"
        type="date"
        label={t('dashboard.endDate')}
        value={query.end_date}
        min={query.start_date}
        required
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isDay(value)) onChange({ ...query, end_date: value });
        }}
      />
      <SelectField
        id="interval"
        label={t('dashboard.interval')}
        value={query.interval}
        options={INTERVALS.map((interval) => ({ value: interval, label: t(`dashboard.interval.${interval}`) }))}
        onChange={(event) => {
          const interval = event.currentTarget.value as Interval;
          onChange({ ...query, interval, ...defaultRange(interval, query.end_date) });
        }}
      />
      {props.currencies.length > 1 && (
        <SelectField
          id="currency"
          label={t('dashboard.currency')}
          value={props.currency ?? ''}
          options={props.currencies.map((currency) => ({ value: currency, label: currency.toUpperCase() }))}
          onChange={(event) => onChange({ ...query, currency: event.currentTarget.value })}
        />
      )}
    </form>
  );
}
