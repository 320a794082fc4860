// The changes a customer makes to a subscription: cancel at period end with an optional reason, another plan, more or
// fewer seats. Each is one PATCH; the API's refusal is shown at the field it names.
import { useState } from 'preact/hooks';
import { Alert, Button, Field, SelectField } from '../shared/ui';
import type { StringKey } from '../strings';
import { formFailure, NO_FAILURE, type FormFailure } from './form-failure';
import type { PlanOption, SubscriptionChangeProps } from './section-props';

const REASONS = ['too_expensive', 'missing_features', 'switched_service', 'unused', 'customer_service', 'low_quality', 'too_complex', 'other'] as const;

/** Submits `body`, keeping the form busy meanwhile and its failure after. */
function useChange(props: SubscriptionChangeProps, shown: string[]) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const submit = async (body: Record<string, unknown>) => {
    setBusy(true);
    setFailure(NO_FAILURE);
    await props.change(body).catch((error: unknown) => setFailure(formFailure(props.t, error, shown)));
    setBusy(false);
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
      onSubmit={(event) => (event.preventDefault(), submit({ cancel_at_period_end: true, cancellation_reason: reason || null }))}
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
  const { t, subscription } = props;
  const [productId, setProductId] = useState(props.plans[0].id);
  const { busy, failure, submit } = useChange(props, ['product_id']);
  const id = `plan-${subscription.id}`;
  return (
    <form class="portal-inline-form" noValidate onSubmit={(event) => (event.preventDefault(), submit({ product_id: productId }))}>
      {failure.message && <Alert kind="error">{failure.message}</Alert>}
      <SelectField
        id={`${id}-product`}
        label={t('portal.plan.label')}
        options={props.plans.map((plan) => ({ value: plan.id, label: plan.name }))}
        value={productId}
        error={failure.fields.product_id}
        onChange={(event) => setProductId(event.currentTarget.value)}
      />
      <Button type="submit" variant="secondary" busy={busy}>
        {t('portal.plan.change')}
      </Button>
    </form>
  );
}

export function SeatsForm(props: SubscriptionChangeProps) {
  const { t, subscription } = props;
  const [seats, setSeats] = useState(String(subscription.seats ?? 1));
  const { busy, failure, submit } = useChange(props, ['seats']);
  const id = `seats-${subscription.id}`;
  return (
    <form class="portal-inline-form" noValidate onSubmit={(event) => (event.preventDefault(), submit({ seats: Number(seats) }))}>
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
