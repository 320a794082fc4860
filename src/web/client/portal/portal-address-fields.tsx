// A billing address as form fields, shared by the customer's billing details and an order's invoice details.
import type { Address } from '../../../contracts/customer';
import { Field, SelectField, type Translate } from '../shared/ui';
import { countryOptions } from './countries';

export interface AddressDraft {
  country: string;
  line1: string;
  line2: string;
  postal_code: string;
  city: string;
  state: string;
}

const LINES = ['line1', 'line2', 'postal_code', 'city', 'state'] as const;

export function addressDraft(address: Address | null | undefined): AddressDraft {
  return {
    country: address?.country ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    postal_code: address?.postal_code ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
  };
}

/** The address as the API takes it: blank lines as null; no address at all without a country. */
export function addressBody(draft: AddressDraft): Address | null {
  if (!draft.country) return null;
  const lines = Object.fromEntries(LINES.map((line) => [line, draft[line].trim() || null]));
  return { country: draft.country as Address['country'], ...lines };
}

export function AddressFields(props: {
  t: Translate;
  locale: string;
  id: string;
  draft: AddressDraft;
  onChange: (draft: AddressDraft) => void;
  /** Messages by the API's field path below the address, e.g. `country`. */
  errors: Record<string, string>;
  countryLocked?: boolean;
}) {
  const { t, id, draft, errors } = props;
  const set = (key: keyof AddressDraft) => (event: { currentTarget: { value: string } }) => props.onChange({ ...draft, [key]: event.currentTarget.value });
  const countries = [{ value: '', label: t('portal.address.noCountry') }, ...countryOptions(props.locale)];
  return (
    <fieldset class="portal-address">
      <legend>{t('portal.address.legend')}</legend>
      <SelectField
        id={`${id}-country`}
        label={t('portal.address.country')}
        options={countries}
        value={draft.country}
        disabled={props.countryLocked}
        error={errors.country}
        onChange={set('country')}
      />
      <Field
        id={`${id}-line1`}
        label={t('portal.address.line1')}
        autocomplete="address-line1"
        value={draft.line1}
        error={errors.line1}
        onInput={set('line1')}
      />
      <Field
        id={`${id}-line2`}
        label={t('portal.address.line2')}
        autocomplete="address-line2"
        value={draft.line2}
        error={errors.line2}
        onInput={set('line2')}
      />
      <div class="field-row">
        <Field
          id={`${id}-postal-code`}
          label={t('portal.address.postalCode')}
          autocomplete="postal-code"
          value={draft.postal_code}
          error={errors.postal_code}
          onInput={set('postal_code')}
        />
        <Field id={`${id}-city`} label={t('portal.address.city')} autocomplete="address-level2" value={draft.city} error={errors.city} onInput={set('city')} />
      </div>
      <Field
        id={`${id}-state`}
        label={t('portal.address.state')}
        autocomplete="address-level1"
        value={draft.state}
        error={errors.state}
        onInput={set('state')}
      />
    </fieldset>
  );
}
