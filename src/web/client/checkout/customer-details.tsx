// "Your details": the buyer's e-mail and name, the business fields, the billing address and the product's custom fields.
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { AddressFields, type AddressField } from '../shared/address-fields';
import { Field, type Translate } from '../shared/ui';
import type { CustomFieldValue, Draft, Errors } from './checkout-model';
import { CustomFields } from './custom-fields';

export function CustomerDetails(props: {
  t: Translate;
  checkout: CheckoutPublic;
  locale: string;
  draft: Draft;
  errors: Errors;
  busy: boolean;
  /** A plain edit of the draft; `keys` are the errors it clears. */
  onChange(patch: Partial<Draft>, ...keys: string[]): void;
  onBusiness(isBusiness: boolean): void;
  onTaxId(taxId: string): void;
  onAddress(field: AddressField, value: string): void;
  onCommitAddress(field: AddressField): void;
}) {
  const { t, checkout, draft, errors, busy, onChange } = props;
  const addressErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith('address.'))
      .map(([key, message]) => [key.slice(8), message]),
  );
  return (
    <section class="card" aria-labelledby="details-heading">
      <h2 id="details-heading">{t('checkout.detailsHeading')}</h2>
      <Field
        id="email"
        type="email"
        label={t('checkout.email')}
        hint={t('checkout.emailHint')}
        autocomplete="email"
        required
        value={draft.email}
        disabled={busy}
        error={errors.email}
        onInput={(event) => onChange({ email: event.currentTarget.value }, 'email')}
      />
      <Field
        id="name"
        label={t('checkout.name')}
        autocomplete="name"
        value={draft.name}
        disabled={busy}
        error={errors.name}
        onInput={(event) => onChange({ name: event.currentTarget.value }, 'name')}
      />
      <div class="checkbox">
        <input
          id="is-business"
          type="checkbox"
          checked={draft.isBusiness}
          disabled={busy}
          onChange={(event) => props.onBusiness(event.currentTarget.checked)}
        />
        <label for="is-business">{t('checkout.business')}</label>
      </div>
      {draft.isBusiness && (
        <div class="business-fields">
          <Field
            id="billing-name"
            label={t('checkout.businessName')}
            autocomplete="organization"
            required
            value={draft.billingName}
            disabled={busy}
            error={errors.billingName}
            onInput={(event) => onChange({ billingName: event.currentTarget.value }, 'billingName')}
          />
          <Field
            id="tax-id"
            label={t('checkout.taxId')}
            hint={t('checkout.taxIdHint')}
            value={draft.taxId}
            disabled={busy}
            error={errors.taxId}
            onInput={(event) => props.onTaxId(event.currentTarget.value)}
          />
        </div>
      )}
      <AddressFields
        t={t}
        locale={props.locale}
        idPrefix="billing"
        value={draft.address}
        modes={checkout.billing_address_fields}
        errors={addressErrors}
        disabled={busy}
        onChange={props.onAddress}
        onCommit={props.onCommitAddress}
      />
      <CustomFields
        t={t}
        fields={checkout.attached_custom_fields ?? []}
        values={draft.customFields}
        errors={errors}
        disabled={busy}
        onChange={(slug: string, value: CustomFieldValue) =>
          onChange({ customFields: { ...draft.customFields, [slug]: value } }, `custom.${slug}`)
        }
      />
    </section>
  );
}
