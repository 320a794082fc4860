// The product's custom fields (text, number, date, checkbox, select), in the merchant's order; required ones marked.
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { Field, SelectField, type Translate } from '../shared/ui';
import type { CustomFieldValue, Errors } from './checkout-model';

type Attached = NonNullable<CheckoutPublic['attached_custom_fields']>[number];

export function CustomFields(props: {
  t: Translate;
  fields: Attached[];
  values: Record<string, CustomFieldValue>;
  errors: Errors;
  disabled: boolean;
  onChange(slug: string, value: CustomFieldValue): void;
}) {
  const { t, values, errors } = props;
  if (!props.fields.length) return null;
  const fields = [...props.fields].sort((a, b) => a.order - b.order);
  return (
    <fieldset class="custom-fields">
      <legend>{t('checkout.customFieldsHeading')}</legend>
      {fields.map(({ custom_field: field, required }) => {
        const id = `custom-${field.slug}`;
        const label = field.properties.form_label ?? field.name;
        const error = errors[`custom.${field.slug}`];
        const value = values[field.slug];
        const common = {
          id,
          label,
          required,
          disabled: props.disabled,
          error,
          hint: field.properties.form_help_text ?? null,
        };
        switch (field.type) {
          case 'checkbox':
            return (
              <div class={`checkbox${error ? ' has-error' : ''}`} key={field.slug}>
                <input
                  id={id}
                  type="checkbox"
                  checked={value === true}
                  required={required}
                  disabled={props.disabled}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => props.onChange(field.slug, event.currentTarget.checked)}
                />
                <label for={id}>{label}</label>
                {error && (
                  <p class="field-error" id={`${id}-error`}>
                    {error}
                  </p>
                )}
              </div>
            );
          case 'select':
            return (
              <SelectField
                key={field.slug}
                {...common}
                value={typeof value === 'string' ? value : ''}
                options={[{ value: '', label: t('checkout.chooseOption') }, ...field.properties.options]}
                onChange={(event) => props.onChange(field.slug, event.currentTarget.value || null)}
              />
            );
          case 'number':
            return (
              <Field
                key={field.slug}
                {...common}
                type="number"
                step={1}
                min={field.properties.ge}
                max={field.properties.le}
                value={typeof value === 'number' ? String(value) : ''}
                onInput={(event) => {
                  const text = event.currentTarget.value;
                  props.onChange(field.slug, text === '' || !Number.isInteger(Number(text)) ? null : Number(text));
                }}
              />
            );
          case 'date':
            return (
              <Field
                key={field.slug}
                {...common}
                type="date"
                value={typeof value === 'string' ? value.slice(0, 10) : ''}
                onInput={(event) => props.onChange(field.slug, event.currentTarget.value || null)}
              />
            );
          default:
            return (
              <Field
                key={field.slug}
                {...common}
                placeholder={field.properties.form_placeholder}
                minLength={field.properties.min_length}
                maxLength={field.properties.max_length}
                value={typeof value === 'string' ? value : ''}
                onInput={(event) => props.onChange(field.slug, event.currentTarget.value)}
              />
            );
        }
      })}
    </fieldset>
  );
}
