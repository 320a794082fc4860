// The customer's billing details: who they are (read only), and the billing name, address and tax ID they may change.
import { useState } from 'preact/hooks';
import type { CustomerPortalCustomer } from '../../../contracts/portal-customer';
import { Alert, Button, Field } from '../shared/ui';
import { formFailure, fieldsBelow, NO_FAILURE } from './form-failure';
import { AddressFields, addressBody, addressDraft, OPTIONAL_ADDRESS } from '../shared/address-fields';
import type { SectionProps } from './section-props';
import { Pending, useLoad } from './use-load';

export function PortalBillingDetails(props: SectionProps) {
  const { t, call } = props;
  const me = useLoad(() => call<CustomerPortalCustomer>('GET', '/customers/me'));
  return (
    <section class="card" aria-labelledby="portal-billing-heading">
      <h2 id="portal-billing-heading">{t('portal.billing.heading')}</h2>
      {me.data ? (
        <BillingForm {...props} customer={me.data} onSaved={me.replace} />
      ) : (
        <Pending t={t} error={me.error} retry={me.reload} />
      )}
    </section>
  );
}

function BillingForm(
  props: SectionProps & { customer: CustomerPortalCustomer; onSaved: (customer: CustomerPortalCustomer) => void },
) {
  const { t, customer } = props;
  const [billingName, setBillingName] = useState(customer.billing_name ?? '');
  const [address, setAddress] = useState(addressDraft(customer.billing_address));
  const [taxId, setTaxId] = useState(customer.tax_id?.[0] ?? '');
  const [failure, setFailure] = useState(NO_FAILURE);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setSaved(false);
    try {
      const body = {
        billing_name: billingName.trim() || null,
        billing_address: addressBody(address),
        tax_id: taxId.trim() || null,
      };
      const updated = await props.call<CustomerPortalCustomer>('PATCH', '/customers/me', body);
      setFailure(NO_FAILURE);
      setSaved(true);
      props.onSaved(updated);
    } catch (error) {
      setFailure(formFailure(t, error, ['billing_name', 'billing_address', 'tax_id']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} noValidate>
      <dl class="portal-facts">
        <dt>{t('portal.billing.name')}</dt>
        <dd>{customer.name ?? t('portal.notGiven')}</dd>
        <dt>{t('portal.billing.email')}</dt>
        <dd>{customer.email ?? t('portal.notGiven')}</dd>
      </dl>
      {failure.message && <Alert kind="error">{failure.message}</Alert>}
      {saved && <Alert kind="success">{t('portal.billing.saved')}</Alert>}
      <Field
        id="billing-name"
        label={t('portal.billing.billingName')}
        hint={t('portal.billing.billingNameHint')}
        autocomplete="organization"
        value={billingName}
        error={failure.fields.billing_name}
        onInput={(event) => setBillingName(event.currentTarget.value)}
      />
      <AddressFields
        t={t}
        locale={props.locale}
        idPrefix="billing-address"
        value={address}
        modes={OPTIONAL_ADDRESS}
        onChange={(field, value) => setAddress({ ...address, [field]: value })}
        errors={fieldsBelow(failure.fields, 'billing_address')}
      />
      <Field
        id="billing-tax-id"
        label={t('portal.billing.taxId')}
        hint={t('portal.billing.taxIdHint')}
        value={taxId}
        error={failure.fields.tax_id}
        onInput={(event) => setTaxId(event.currentTarget.value)}
      />
      <Button type="submit" busy={busy}>
        {t('portal.billing.save')}
      </Button>
    </form>
  );
}
