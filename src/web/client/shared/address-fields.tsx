// A billing address form part (the checkout's, the portal's billing details and invoice details): the country from the API's list, the US state or Canadian province from theirs, and
// the other lines as each field's mode asks (required, optional, or not shown).
import { Field, SelectField, type Translate } from './ui';
import { countryOptions, regionsOf } from './regions';

export type FieldMode = 'required' | 'optional' | 'disabled';
export type AddressField = 'country' | 'state' | 'city' | 'postal_code' | 'line1' | 'line2';
export type AddressDraft = Record<AddressField, string>;
export type AddressModes = Record<AddressField, FieldMode>;

/** Every field offered, none required: an address the customer edits in the portal. */
export const OPTIONAL_ADDRESS: AddressModes = {
  country: 'optional',
  state: 'optional',
  city: 'optional',
  postal_code: 'optional',
  line1: 'optional',
  line2: 'optional',
};

export const EMPTY_ADDRESS: AddressDraft = { country: '', state: '', city: '', postal_code: '', line1: '', line2: '' };

/** An API address (fields may be null) as a draft of strings. */
export function addressDraft(
  address: Partial<Record<AddressField, string | null | undefined>> | null | undefined,
): AddressDraft {
  const draft = { ...EMPTY_ADDRESS };
  for (const key of Object.keys(draft) as AddressField[]) draft[key] = address?.[key] ?? '';
  return draft;
}

/** The draft as the API takes it: empty fields null, the state without a country prefix; null without a country. */
export function addressBody(draft: AddressDraft) {
  if (!draft.country) return null;
  const blank = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    country: draft.country,
    state: blank(draft.state),
    city: blank(draft.city),
    postal_code: blank(draft.postal_code),
    line1: blank(draft.line1),
    line2: blank(draft.line2),
  };
}

export interface AddressFieldsProps {
  t: Translate;
  locale: string;
  /** Prefix of the inputs' ids, e.g. `billing` for `billing-country`. */
  idPrefix: string;
  value: AddressDraft;
  modes: AddressModes;
  errors: Partial<Record<AddressField, string | null>>;
  onChange(field: AddressField, value: string): void;
  /** A field left (blur): where a form saves text fields. */
  onCommit?(field: AddressField): void;
  /** The country can no longer change (an order's, once invoiced). */
  countryLocked?: boolean;
  /** No field can change (a checkout while it is being paid). */
  disabled?: boolean;
}

const AUTOCOMPLETE: Record<AddressField, string> = {
  country: 'country',
  state: 'address-level1',
  city: 'address-level2',
  postal_code: 'postal-code',
  line1: 'address-line1',
  line2: 'address-line2',
};

export function AddressFields(props: AddressFieldsProps) {
  const { t, value, modes, errors } = props;
  const id = (field: AddressField) => `${props.idPrefix}-${field.replace('_', '-')}`;
  const shown = (field: AddressField) => modes[field] !== 'disabled';
  // "(optional)" only tells something beside required fields (the portal's are all optional).
  const someRequired = Object.values(modes).includes('required');
  const label = (field: AddressField, text: string) =>
    someRequired && modes[field] === 'optional' && field !== 'line2' ? t('address.optional', { label: text }) : text;
  const regions = regionsOf(value.country);
  const text = (field: AddressField, caption: string) =>
    shown(field) && (
      <Field
        id={id(field)}
        label={label(field, caption)}
        value={value[field]}
        required={modes[field] === 'required'}
        autocomplete={AUTOCOMPLETE[field]}
        error={errors[field]}
        disabled={props.disabled}
        onInput={(event) => props.onChange(field, event.currentTarget.value)}
        onBlur={() => props.onCommit?.(field)}
      />
    );
  return (
    <fieldset class="address-fields">
      <legend>{t('address.legend')}</legend>
      <SelectField
        id={id('country')}
        label={t('address.country')}
        value={value.country}
        required={modes.country === 'required'}
        disabled={props.countryLocked || props.disabled}
        autocomplete="country"
        error={errors.country}
        options={[{ value: '', label: t('address.chooseCountry') }, ...countryOptions(props.locale)]}
        onChange={(event) => props.onChange('country', event.currentTarget.value)}
      />
      {text('line1', t('address.line1'))}
      {text('line2', t('address.line2'))}
      <div class="field-row">
        {text('postal_code', t('address.postalCode'))}
        {text('city', t('address.city'))}
      </div>
      {shown('state') &&
        (regions ? (
          <SelectField
            id={id('state')}
            label={t(value.country === 'US' ? 'address.stateUS' : 'address.stateCA')}
            value={value.state.replace(/^(US|CA)-/, '')}
            required={modes.state === 'required'}
            autocomplete="address-level1"
            disabled={props.disabled}
            error={errors.state}
            options={[
              { value: '', label: t('address.chooseState') },
              ...Object.entries(regions).map(([code, name]) => ({ value: code, label: name })),
            ]}
            onChange={(event) => props.onChange('state', event.currentTarget.value)}
          />
        ) : (
          text('state', t('address.state'))
        ))}
    </fieldset>
  );
}
