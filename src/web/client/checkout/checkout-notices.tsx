// What the checkout tells the buyer outside the fields: the session's end (expired, not open, not found), the notice
// above the form (a decline, a fix-the-errors message, success), and where the focus goes for a field in error.
import type { Ref } from 'preact';
import { ApiError } from '../shared/api';
import { safeHttpUrl } from '../shared/safe-url';
import { Alert, type Translate } from '../shared/ui';
import type { Errors } from './checkout-model';

export type Fatal = 'expired' | 'notOpen' | 'error';

export function fatalOf(error: unknown): Fatal | null {
  if (!(error instanceof ApiError)) return null;
  return error.status === 410 ? 'expired' : error.status === 403 ? 'notOpen' : error.status === 404 ? 'error' : null;
}

export function FatalMessage(props: { t: Translate; fatal: Fatal }) {
  const { t } = props;
  return (
    <Alert kind="error">
      {t(
        props.fatal === 'expired'
          ? 'checkout.expired'
          : props.fatal === 'notOpen'
            ? 'checkout.notOpen'
            : 'common.unexpectedError',
      )}
    </Alert>
  );
}

export interface Notice {
  kind: 'error' | 'info' | 'success';
  text: string;
  advice?: string;
  /** Where "Continue" goes (only an http or https URL is shown). */
  link?: string | null;
  /** Moves the focus to the notice (a decline); field errors take the focus to their field instead. */
  focus?: boolean;
}

export function declineNotice(t: Translate, reason: string): Notice {
  return {
    kind: 'error',
    text: t('checkout.paymentDeclined', { reason }),
    advice: t('checkout.paymentDeclinedAdvice'),
    focus: true,
  };
}

/**
 * The notice's place above the form, outside its busy region so it is announced at once; always there (and
 * focusable), so a decline can take the focus.
 */
export function NoticeBox(props: { t: Translate; notice: Notice | null; boxRef: Ref<HTMLDivElement> }) {
  const { t, notice } = props;
  const link = safeHttpUrl(notice?.link);
  return (
    <div ref={props.boxRef} tabIndex={-1} class="notice">
      {notice && (
        <Alert kind={notice.kind}>
          <p>{notice.text}</p>
          {notice.advice && <p>{notice.advice}</p>}
          {link && (
            <p>
              <a class="button" href={link} target="_top">
                {t('checkout.continue')}
              </a>
            </p>
          )}
        </Alert>
      )}
    </div>
  );
}

/** Where each of the form's field keys is on the page, to move the focus to the first field in error. */
export function inputId(key: string): string {
  if (key.startsWith('address.')) return `billing-${key.slice(8).replace('_', '-')}`;
  if (key.startsWith('custom.')) return `custom-${key.slice(7)}`;
  if (key.startsWith('card.')) return `card-${key.slice(5)}`;
  return { billingName: 'billing-name', taxId: 'tax-id', discountCode: 'discount-code' }[key] ?? key;
}

const FIELD_ORDER = [
  'product',
  'amount',
  'seats',
  'email',
  'name',
  'billingName',
  'taxId',
  'address.',
  'custom.',
  'card.',
];

export function firstErrorKey(errors: Errors): string | undefined {
  const keys = Object.keys(errors);
  for (const prefix of FIELD_ORDER) {
    const found = keys.find((key) => key === prefix || (prefix.endsWith('.') && key.startsWith(prefix)));
    if (found) return found;
  }
  return keys[0];
}
