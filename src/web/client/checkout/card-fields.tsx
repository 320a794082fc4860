// The card entry: in the sandbox, plain fields for the sandbox processor's test cards (with a hint listing them); in
// production, the processor's own hosted fields (Stripe Elements), so card numbers never pass through Bursar.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Translate } from '../shared/ui';
import { Field } from '../shared/ui';
import type { StringKey } from '../strings';
import { mountStripeCard, type StripeCard } from './stripe';
import { luhnValid } from '../../../kernel/luhn';

export interface SandboxCard {
  number: string;
  expiry: string;
  cvc: string;
}
export type CardField = keyof SandboxCard;
export const EMPTY_CARD: SandboxCard = { number: '', expiry: '', cvc: '' };

const TEST_CARDS: { number: string; outcome: StringKey }[] = [
  { number: '4242 4242 4242 4242', outcome: 'checkout.testCardSucceeds' },
  { number: '4000 0000 0000 0002', outcome: 'checkout.testCardDeclined' },
  { number: '4000 0000 0000 9995', outcome: 'checkout.testCardInsufficient' },
  { number: '4000 0000 0000 0341', outcome: 'checkout.testCardChargeFails' },
  { number: '4000 0027 6000 3184', outcome: 'checkout.testCardAuthentication' },
];

/** What is wrong with the typed card, field by field (empty when it can be sent). */
export function sandboxCardErrors(card: SandboxCard, now = new Date()): Partial<Record<CardField, StringKey>> {
  const errors: Partial<Record<CardField, StringKey>> = {};
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = 'checkout.cardNumberInvalid';
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? Number(expiry[2].length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12 || year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1)
    errors.expiry = 'checkout.cardExpiryInvalid';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'checkout.cardCvcInvalid';
  return errors;
}

/** Groups of four digits as the buyer types. */
function spaced(number: string): string {
  return number
    .replace(/[^\d]/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function SandboxCardFields(props: {
  t: Translate;
  value: SandboxCard;
  errors: Partial<Record<CardField, string | null>>;
  /** While paying: the card cannot change under the payment. */
  disabled: boolean;
  onChange(field: CardField, value: string): void;
}) {
  const { t, value, errors, disabled } = props;
  return (
    <div class="card-fields">
      <div class="alert alert-info test-cards" id="test-cards">
        <p class="test-cards-title">{t('checkout.testCardsTitle')}</p>
        <p>{t('checkout.testCardsHint')}</p>
        <ul>
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code> — {t(card.outcome)}
            </li>
          ))}
        </ul>
      </div>
      <Field
        id="card-number"
        label={t('checkout.cardNumber')}
        inputMode="numeric"
        autocomplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={value.number}
        required
        error={errors.number}
        disabled={disabled}
        onInput={(event) => props.onChange('number', spaced(event.currentTarget.value))}
      />
      <div class="field-row">
        <Field
          id="card-expiry"
          label={t('checkout.cardExpiry')}
          inputMode="numeric"
          autocomplete="cc-exp"
          placeholder="MM / YY"
          value={value.expiry}
          required
          error={errors.expiry}
          disabled={disabled}
          onInput={(event) => props.onChange('expiry', event.currentTarget.value)}
        />
        <Field
          id="card-cvc"
          label={t('checkout.cardCvc')}
          inputMode="numeric"
          autocomplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={value.cvc}
          required
          error={errors.cvc}
          disabled={disabled}
          onInput={(event) => props.onChange('cvc', event.currentTarget.value)}
        />
      </div>
    </div>
  );
}

/** Stripe's Payment Element; `controller.current` gives the confirmation token once it is mounted. */
export function StripeCardFields(props: {
  t: Translate;
  publishableKey: string;
  currency: string;
  locale: string;
  error: string | null;
  controller: { current: StripeCard | null };
}) {
  const { t } = props;
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let card: StripeCard | null = null;
    let live = true;
    mountStripeCard(props.publishableKey, target.current!, { currency: props.currency, locale: props.locale }).then(
      (mounted) => {
        if (!live) return mounted.destroy();
        card = mounted;
        props.controller.current = mounted;
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      props.controller.current = null;
      card?.destroy();
    };
  }, [props.publishableKey, props.currency]);
  return (
    <div class="card-fields">
      {state === 'loading' && <p class="muted">{t('checkout.cardLoading')}</p>}
      {state === 'failed' && (
        <p class="field-error" role="alert">
          {t('checkout.cardUnavailable')}
        </p>
      )}
      <div ref={target} class="stripe-element" />
      {props.error && (
        <p class="field-error" role="alert" id="card-error">
          {props.error}
        </p>
      )}
      <p class="hint">{t('checkout.cardSecure')}</p>
    </div>
  );
}
