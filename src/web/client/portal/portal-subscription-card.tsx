// One subscription: product, status, price and dates; cancel at period end (with an optional reason), uncancel, and —
// where the organization allows it — a change of plan or seats. After a change the focus goes to what replaced the
// control that had it, and the new state is announced.
import { useState } from 'preact/hooks';
import type { CustomerProduct } from '../../../contracts/portal-organization';
import type { CustomerSubscription } from '../../../contracts/portal-subscription';
import { formatDate, formatMoney } from '../shared/format';
import { intervalText } from '../shared/interval';
import { Alert, Button } from '../shared/ui';
import { focusLater } from './focus';
import { planOptions } from './plan-price';
import type { SectionProps } from './section-props';
import { CancelForm, PlanForm, SeatsForm } from './portal-subscription-forms';
import { failureMessage } from './use-load';

const LIVE: CustomerSubscription['status'][] = ['active', 'trialing', 'past_due'];

export function SubscriptionCard(
  props: SectionProps & {
    subscription: CustomerSubscription;
    products: CustomerProduct[];
    onChanged: (s: CustomerSubscription) => void;
  },
) {
  const { t, locale, subscription: s } = props;
  const [form, setForm] = useState<'none' | 'cancel'>('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const settings = s.product.organization.customer_portal_settings.subscription;
  const live = LIVE.includes(s.status) && !s.ended_at;
  const plans = planOptions(props.products, s);
  const id = `subscription-${s.id}`;

  const change = async (body: Record<string, unknown>) => {
    const changed = await props.call<CustomerSubscription>('PATCH', `/subscriptions/${s.id}`, body);
    props.onChanged(changed);
    setForm('none');
    setNotice(noticeOf(props, body, changed));
    // the button that was pressed is gone: its counterpart, or the subscription's heading, takes the focus
    if ('cancel_at_period_end' in body) focusLater(changed.cancel_at_period_end ? `${id}-uncancel` : `${id}-cancel`);
    else focusLater(`${id}-heading`);
  };
  const uncancel = async () => {
    setBusy(true);
    setError(null);
    await change({ cancel_at_period_end: false }).catch((failure: unknown) => setError(failureMessage(t, failure)));
    setBusy(false);
  };

  return (
    <>
      <div class="portal-item-main">
        <h3 id={`${id}-heading`} tabIndex={-1}>
          {s.product.name}
        </h3>
        <p class="muted">{dates(props, s)}</p>
        {s.seats !== null && <p class="muted">{t('portal.subscriptions.seats', { seats: s.seats })}</p>}
        {s.pending_update && (
          <p class="muted">
            {t('portal.subscriptions.pendingUpdate', { date: formatDate(s.pending_update.applies_at, locale) })}
          </p>
        )}
      </div>
      <p class="portal-amount">
        {formatMoney(s.amount, s.currency, locale)}{' '}
        <span class="muted">{intervalText(t, s.recurring_interval, s.recurring_interval_count)}</span>
      </p>
      <p>
        <span class={`tag portal-status-${s.status}`}>{t(`portal.subscriptions.status.${s.status}`)}</span>
        {s.cancel_at_period_end && !s.ended_at && (
          <span class="tag portal-status-canceling">{t('portal.subscriptions.canceling')}</span>
        )}
      </p>
      <p class="visually-hidden" role="status">
        {notice}
      </p>
      {live && (
        <div class="portal-subscription-actions">
          {error && <Alert kind="error">{error}</Alert>}
          {s.cancel_at_period_end ? (
            <Button id={`${id}-uncancel`} variant="secondary" busy={busy} onClick={uncancel}>
              {t('portal.subscriptions.uncancel')}
            </Button>
          ) : (
            form === 'none' && (
              <Button
                id={`${id}-cancel`}
                variant="secondary"
                onClick={() => (setForm('cancel'), focusLater(`cancel-${s.id}-reason`))}
              >
                {t('portal.subscriptions.cancel')}
              </Button>
            )
          )}
          {form === 'cancel' && (
            <CancelForm {...props} change={change} onClose={() => (setForm('none'), focusLater(`${id}-cancel`))} />
          )}
          {!s.cancel_at_period_end && settings.update_plan && plans.length > 0 && (
            <PlanForm {...props} change={change} plans={plans} />
          )}
          {!s.cancel_at_period_end && settings.update_seats && s.seats !== null && (
            <SeatsForm {...props} change={change} />
          )}
        </div>
      )}
    </>
  );
}

/** What a screen reader hears once a change is made. */
function noticeOf({ t, locale }: SectionProps, body: Record<string, unknown>, s: CustomerSubscription): string {
  if (body.cancel_at_period_end === true)
    return t('portal.subscriptions.canceledNotice', { date: formatDate(s.ends_at ?? s.current_period_end, locale) });
  if (body.cancel_at_period_end === false)
    return t('portal.subscriptions.uncanceledNotice', { date: formatDate(s.current_period_end, locale) });
  if ('seats' in body) return t('portal.subscriptions.seatsNotice', { seats: s.seats ?? 0 });
  return t('portal.subscriptions.planNotice', { plan: s.product.name });
}

function dates(props: SectionProps, s: CustomerSubscription): string {
  const { t, locale } = props;
  if (s.ended_at) return t('portal.subscriptions.endedOn', { date: formatDate(s.ended_at, locale) });
  if (s.cancel_at_period_end)
    return t('portal.subscriptions.endsOn', { date: formatDate(s.ends_at ?? s.current_period_end, locale) });
  if (s.status === 'trialing' && s.trial_end)
    return t('portal.subscriptions.trialEndsOn', { date: formatDate(s.trial_end, locale) });
  return t('portal.subscriptions.renewsOn', { date: formatDate(s.current_period_end, locale) });
}
