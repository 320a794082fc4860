// One subscription: product, status, price and dates; cancel at period end (with an optional reason), uncancel, and —
// where the organization allows it — a change of plan or seats.
import { useState } from 'preact/hooks';
import type { CustomerSubscription } from '../../../contracts/portal-subscription';
import { formatDate, formatMoney } from '../shared/format';
import { Alert, Button } from '../shared/ui';
import type { PlanOption, SectionProps } from './section-props';
import { CancelForm, PlanForm, SeatsForm } from './portal-subscription-forms';
import { failureMessage } from './use-load';

const LIVE: CustomerSubscription['status'][] = ['active', 'trialing', 'past_due'];

export function SubscriptionCard(
  props: SectionProps & { subscription: CustomerSubscription; plans: PlanOption[]; onChanged: (s: CustomerSubscription) => void },
) {
  const { t, locale, subscription: s } = props;
  const [form, setForm] = useState<'none' | 'cancel'>('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settings = s.product.organization.customer_portal_settings.subscription;
  const live = LIVE.includes(s.status) && !s.ended_at;
  const plans = props.plans.filter((plan) => plan.id !== s.product_id);

  const change = async (body: Record<string, unknown>) => {
    props.onChanged(await props.call<CustomerSubscription>('PATCH', `/subscriptions/${s.id}`, body));
    setForm('none');
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
        <h3>{s.product.name}</h3>
        <p class="muted">{dates(props, s)}</p>
        {s.seats !== null && <p class="muted">{t('portal.subscriptions.seats', { seats: s.seats })}</p>}
        {s.pending_update && <p class="muted">{t('portal.subscriptions.pendingUpdate', { date: formatDate(s.pending_update.applies_at, locale) })}</p>}
      </div>
      <p class="portal-amount">
        {formatMoney(s.amount, s.currency, locale)} <span class="muted">{interval(props, s)}</span>
      </p>
      <p>
        <span class={`tag portal-status-${s.status}`}>{t(`portal.subscriptions.status.${s.status}`)}</span>
        {s.cancel_at_period_end && !s.ended_at && <span class="tag portal-status-canceling">{t('portal.subscriptions.canceling')}</span>}
      </p>
      {live && (
        <div class="portal-subscription-actions">
          {error && <Alert kind="error">{error}</Alert>}
          {s.cancel_at_period_end ? (
            <Button variant="secondary" busy={busy} onClick={uncancel}>
              {t('portal.subscriptions.uncancel')}
            </Button>
          ) : (
            form === 'none' && (
              <Button variant="secondary" onClick={() => setForm('cancel')}>
                {t('portal.subscriptions.cancel')}
              </Button>
            )
          )}
          {form === 'cancel' && <CancelForm {...props} change={change} onClose={() => setForm('none')} />}
          {!s.cancel_at_period_end && settings.update_plan && plans.length > 0 && <PlanForm {...props} change={change} plans={plans} />}
          {!s.cancel_at_period_end && settings.update_seats && s.seats !== null && <SeatsForm {...props} change={change} />}
        </div>
      )}
    </>
  );
}

function dates(props: SectionProps, s: CustomerSubscription): string {
  const { t, locale } = props;
  if (s.ended_at) return t('portal.subscriptions.endedOn', { date: formatDate(s.ended_at, locale) });
  if (s.cancel_at_period_end) return t('portal.subscriptions.endsOn', { date: formatDate(s.ends_at ?? s.current_period_end, locale) });
  if (s.status === 'trialing' && s.trial_end) return t('portal.subscriptions.trialEndsOn', { date: formatDate(s.trial_end, locale) });
  return t('portal.subscriptions.renewsOn', { date: formatDate(s.current_period_end, locale) });
}

function interval({ t }: SectionProps, s: CustomerSubscription): string {
  const count = s.recurring_interval_count;
  return count === 1 ? t(`portal.subscriptions.per.${s.recurring_interval}`) : t(`portal.subscriptions.every.${s.recurring_interval}`, { count });
}
