// The few building blocks every page shares: the page frame, labelled fields, buttons and messages. Accessible by
// construction: every input has a label, errors are tied to their field, alerts are announced.
import type { ComponentChildren, JSX } from 'preact';
import { translate, type StringKey } from '../strings';

export type Translate = (key: StringKey, params?: Record<string, string | number>) => string;

export function translator(locale: string): Translate {
  return (key, params) => translate(locale, key, params);
}

export function PageFrame(props: {
  t: Translate;
  title: string;
  organization?: string | null;
  sandbox: boolean;
  children: ComponentChildren;
}) {
  return (
    <div class="page">
      {props.sandbox && (
        <p class="sandbox-banner" role="note">
          {props.t('common.sandboxBanner')}
        </p>
      )}
      <header class="page-header">
        {props.organization && <p class="organization-name">{props.organization}</p>}
        <h1>{props.title}</h1>
      </header>
      {props.children}
    </div>
  );
}

type InputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'label'>;

/** A labelled input; `error` is announced and tied to it. */
export function Field(props: InputProps & { id: string; label: string; error?: string | null; hint?: string | null }) {
  const { id, label, error, hint, ...input } = props;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function SelectField(
  props: Omit<JSX.SelectHTMLAttributes<HTMLSelectElement>, 'label'> & {
    id: string;
    label: string;
    options: { value: string; label: string }[];
    error?: string | null;
  },
) {
  const { id, label, options, error, ...select } = props;
  return (
    <div class={`field${error ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      <select
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function Alert(props: { kind: 'error' | 'info' | 'success'; children: ComponentChildren }) {
  return (
    <div class={`alert alert-${props.kind}`} role={props.kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </div>
  );
}

export function Button(
  props: JSX.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'link'; busy?: boolean },
) {
  const { variant = 'primary', busy, children, disabled, ...button } = props;
  return (
    <button
      type="button"
      class={`button button-${variant}`}
      {...button}
      aria-busy={busy ? true : undefined}
      disabled={busy || disabled}
    >
      {children}
    </button>
  );
}
