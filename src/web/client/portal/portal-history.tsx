// The customer's billing history, newest first: every charge, renewal, plan change, retry, pause and refund with what
// caused it, and what each subscription does next (as its flow reports it).
import type { CustomerTimeline, TimelineUpcoming } from '../../../contracts/timeline';
import { formatDate, formatMoney } from '../shared/format';
import type { StringKey } from '../strings';
import type { SectionProps } from './section-props';
import { ListSection } from './portal-list-section';
import { useLoad } from './use-load';

const NEXT: Record<TimelineUpcoming['action'], StringKey> = {
  renew: 'portal.history.next.renew',
  end: 'portal.history.next.end',
  retry_payment: 'portal.history.next.retry',
  pause: 'portal.history.next.pause',
  resume: 'portal.history.next.resume',
};

const CAUSE: Record<CustomerTimeline['items'][number]['cause']['type'], StringKey> = {
  command: 'portal.history.cause.command',
  timer: 'portal.history.cause.timer',
  processor_event: 'portal.history.cause.processor',
  workflow: 'portal.history.cause.workflow',
  schedule: 'portal.history.cause.schedule',
  backfill: 'portal.history.cause.backfill',
};

export function PortalHistory(props: SectionProps) {
  const { t, call, locale } = props;
  const timeline = useLoad(() => call<CustomerTimeline>('GET', '/timeline?limit=100'));
  const date = (iso: string | null) => (iso ? formatDate(iso, locale) : t('portal.history.untilResumed'));
  return (
    <ListSection
      t={t}
      id="portal-history"
      heading={t('portal.history.heading')}
      empty={t('portal.history.empty')}
      items={timeline.data?.items}
      loaded={timeline}
    >
      {(items) => (
        <>
          {timeline.data!.upcoming.length > 0 && (
            <ul class="portal-list" aria-label={t('portal.history.upcoming')}>
              {timeline.data!.upcoming.map((step) => (
                <li key={step.subscription_id} class="portal-item">
                  <p>{t(NEXT[step.action], { date: date(step.at) })}</p>
                </li>
              ))}
            </ul>
          )}
          <ol class="portal-list" aria-labelledby="portal-history-heading">
            {items.map((entry) => (
              <li key={entry.id} class="portal-item">
                <div class="portal-item-main">
                  <h3>{entry.summary}</h3>
                  <p class="muted">
                    {formatDate(entry.at, locale)} · {t(CAUSE[entry.cause.type], { name: entry.cause.name })}
                  </p>
                </div>
                {entry.amount !== null && entry.currency && (
                  <p class="portal-amount">{formatMoney(entry.amount, entry.currency, locale)}</p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </ListSection>
  );
}
