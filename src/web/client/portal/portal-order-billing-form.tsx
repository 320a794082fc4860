// The billing name and address an order's invoice needs, set on the order before the invoice is generated. The
// country, once set, stays.
import { useState } from 'preact/hooks';
import type { CustomerOrder } from '../../../contracts/portal-order';
import { Alert, Button, Field } from '../shared/ui';
import { fieldsBelow, formFailure, NO_FAILURE } from './form-failure';
import { AddressFields, addressBody, addressDraft, OPTIONAL_ADDRESS } from '../shared/address-fields';
import type { SectionProps } from './section-props';

export function OrderBillingForm(
  props: SectionProps & { order: CustomerOrder; onSaved: (order: CustomerOrder) => void; onCancel: () => void },
) {
  const { t, order } = props;
  const [billingName, setBillingName] = useState(order.billing_name ?? '');
  const [address, setAddress] = useState(addressDraft(order.billing_address));
  const [failure, setFailure] = useState(NO_FAILURE);
  const [busy, setBusy] = useState(false);
  const id = `order-${order.id}`;

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body = { billing_name: billingName.trim() || null, billing_address: addressBody(address) };
      props.onSaved(await props.call<CustomerOrder>('PATCH', `/orders/${order.id}`, body));
    } catch (error) {
      setFailure(formFailure(t, error, ['billing_name', 'billing_address']));
      setBusy(false);
    }
  };

  return (
    <form class="portal-order-billing" onSubmit={save} noValidate aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>{t('portal.orders.invoiceDetails')}</h4>
      <p class="hint">{t('portal.orders.invoiceDetailsHint')}</p>
      {failure.message && <Alert kind="error">{failure.message}</Alert>}
      <Field
        id={`${id}-billing-name`}
        label={t('portal.billing.billingName')}
        autocomplete="name"
        required
        value={billingName}
        error={failure.fields.billing_name}
        onInput={(event) => setBillingName(event.currentTarget.value)}
      />
      <AddressFields
        t={t}
        locale={props.locale}
        idPrefix={`${id}-address`}
        value={address}
        modes={OPTIONAL_ADDRESS}
        onChange={(field, value) => setAddress({ ...address, [field]: value })}
        errors={fieldsBelow(failure.fields, 'billing_address')}
        countryLocked={Boolean(order.billing_address?.country)}
      />
      <div class="portal-actions">
        <Button type="submit" busy={busy}>
          {t('portal.orders.saveAndGetInvoice')}
        </Button>
        <Button variant="link" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
