// The changes a customer makes to a subscription: cancel at period end with an optional reason, another plan, more or
// fewer seats. A plan or seat change first says what it costs and how it is billed, and is made once confirmed. Each is
// one PATCH; the API's refusal is shown at the field it names.
import { useState } from 'preact/hooks';
import { formatMoney } from '../shared/format';
import { intervalText } from '../shared/interval';
import { Alert, Button, Field, SelectField } from '../shared/ui';
import type { StringKey } from '../strings';
import { ConfirmChange } from './confirm-change';
import { focusLater } from './focus';
import { formFailure, NO_FAILURE, type FormFailure } from './form-failure';
import { billingOfChange, recurringAmount, type PlanOption } from './plan-price';
import type { SubscriptionChangeProps } from './section-props';

const REASONS = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'low_quality',
  'too_complex',
  'other',
] as const;

/** Submits `body`, keeping the form busy meanwhile and its failure after. */
function useChange(props: SubscriptionChangeProps, shown: string[]) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  /** Resolves to whether the change was made. */
  const submit = async (body: Record<string, unknown>) => {
    setBusy(true);
    setFailure(NO_FAILURE);
    const done = await props.change(body).then(
      () => true,
      (error: unknown) => (setFailure(formFailure(props.t, error, shown)), false),
    );
    setBusy(false);
    return done;
  };
  return { busy, failure, submit };
}

export function CancelForm(props: SubscriptionChangeProps & { onClose: () => void }) {
  const { t, subscription } = props;
  const [reason, setReason] = useState('');
  const { busy, failure, submit } = useChange(props, ['cancellation_reason']);
  const id = `cancel-${subscription.id}`;
  const options = [
    { value: '', label: t('portal.cancel.noReason') },
    ...REASONS.map((r) => ({ value: r, label: t(`portal.cancel.reason.${r}` as StringKey) })),
  ];
  return (
    <form
      class="portal-inline-form"
      noValidate
      onSubmit={(event) => (
        event.preventDefault(),
        submit({ cancel_at_period_end: true, cancellation_reason: reason || null })
      )}
    >
      <p>{t('portal.cancel.explain')}</p>
      {failure.message && <Alert kind="error">{failure.message}</Alert>}
      <SelectField
        id={`${id}-reason`}
        label={t('portal.cancel.reason')}
        options={options}
        value={reason}
        error={failure.fields.cancellation_reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <div class="portal-actions">
        <Button type="submit" busy={busy}>
          {t('portal.cancel.confirm')}
        </Button>
        <Button variant="link" onClick={props.onClose}>
          {t('portal.cancel.keep')}
        </Button>
      </div>
    </form>
  );
}

export function PlanForm(props: SubscriptionChangeProps & { plans: PlanOption[] }) {
  const { t, locale, subscription: s } = props;
  const [productId, setProductId] = useState(props.plans[0].id);
  const [confirming, setConfirming] = useState(false);
  const { busy, failure, submit } = useChange(props, ['product_id']);
  const id = `plan-${s.id}`;
  const plan = props.plans.find((option) => option.id === productId) ?? props.plans[0];
  const back = () => (setConfirming(false), focusLater(`${id}-product`));
  if (confirming) {
    const price = `${formatMoney(plan.amount, s.currency, locale)} ${intervalText(t, plan.interval, plan.intervalCount)}`;
    return (
      <ConfirmChange
        t={t}
        id={`${id}-change`}
        question={t('portal.plan.confirmQuestion', { plan: plan.name, price })}
        billing={t(billingOfChange(s, plan.amount))}
        confirmLabel={t('portal.plan.confirm', { plan: plan.name })}
        busy={busy}
        onConfirm={() =>
          void submit({ product_id: plan.id }).then(
            (done) => (setConfirming(false), done || focusLater(`${id}-product`)),
          )
        }
        onBack={back}
      />
    );
  }
  return (
    <form class="portal-inline-form" noValidate onSubmit={(event) => (event.preventDefault(), setConfirming(true))}>
      {failure.message && <Alert kind="error">{failure.message}</Alert>}
      <SelectField
        id={`${id}-product`}
        label={t('portal.plan.label')}
        options={props.plans.map((option) => ({
          value: option.id,
          label: t('portal.plan.option', {
            plan: option.name,
            price: `${formatMoney(option.amount, s.currency, locale)} ${intervalText(t, option.interval, option.intervalCount)}`,
          }),
        }))}
        value={plan.id}
        error={failure.fields.product_id}
        onChange={(event) => setProductId(event.currentTarget.value)}
      />
      <Button type="submit" variant="secondary">
        {t('portal.plan.change')}
      </Button>
    </form>
  );
}

export function SeatsForm(props: SubscriptionChangeProps) {
  const { t, locale, subscription: s } = props;
  const [seats, setSeats] = useState(String(s.seats ?? 1));
  const [confirming, setConfirming] = useState<number | null>(null);
  const { busy, failure, submit } = useChange(props, ['seats']);
  const id = `seats-${s.id}`;
  const send = (count: number) =>
    submit({ seats: count }).then((done) => (setConfirming(null), done || focusLater(`${id}-count`)));
  const review = (event: Event) => {
    event.preventDefault();
    const count = Number(seats);
    // a count the tiers do not price goes to the API, whose refusal names the field
    if (!Number.isInteger(count) || recurringAmount(s.prices, s.currency, count) === null) return void send(count);
    setConfirming(count);
  };
  if (confirming !== null) {
    const amount = recurringAmount(s.prices, s.currency, confirming) ?? 0;
    const price = `${formatMoney(amount, s.currency, locale)} ${intervalText(t, s.recurring_interval, s.recurring_interval_count)}`;
    return (
      <ConfirmChange
        t={t}
        id={`${id}-change`}
        question={t('portal.seats.confirmQuestion', { seats: confirming, price })}
        billing={t(billingOfChange(s, amount))}
        confirmLabel={t('portal.seats.confirm', { seats: confirming })}
        busy={busy}
        onConfirm={() => void send(confirming)}
        onBack={() => (setConfirming(null), focusLater(`${id}-count`))}
      />
    );
  }
  return (
    <form class="portal-inline-form" noValidate onSubmit={review}>
      {failure.message && <Alert kind="error">{failure.message}</Alert>}
      <Field
        id={`${id}-count`}
        label={t('portal.seats.label')}
        type="number"
        inputMode="numeric"
        min={1}
        value={seats}
        error={failure.fields.seats}
        onInput={(event) => setSeats(event.currentTarget.value)}
      />
      <Button type="submit" variant="secondary" busy={busy}>
        {t('portal.seats.change')}
      </Button>
    </form>
  );
}
