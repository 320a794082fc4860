// The session as the page shows it and the buyer's live changes to it: each change queued after the others and its
// answer shown; a refused request answered with field errors, the session's end, or a message in the notice.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { api, ApiError } from '../shared/api';
import type { Translate } from '../shared/ui';
import { issueErrors, type Errors } from './checkout-model';
import { declineNotice, fatalOf, type Notice } from './checkout-notices';
import { embedPoster } from './embed';
import { useUpdateQueue } from './use-update-queue';

export type Phase = 'editing' | 'submitting' | 'processing' | 'done' | 'closed';

/** `cardKey`: where a refusal of the card is shown (none when no card can be entered). */
export function useCheckoutSession(t: Translate, path: string, initial: CheckoutPublic, cardKey: string | null) {
  const [checkout, setCheckout] = useState(initial);
  const latest = useRef(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(() =>
    initial.payment_error ? declineNotice(t, initial.payment_error) : null,
  );
  const [phase, setPhase] = useState<Phase>('editing');
  const post = useMemo(() => embedPoster(initial.embed_origin), [initial.embed_origin]);
  const updates = useUpdateQueue();
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => post('loaded', initial), []);
  useEffect(() => {
    if (notice?.focus) noticeRef.current?.focus();
  }, [notice]);

  function show(next: CheckoutPublic) {
    latest.current = next;
    setCheckout(next);
  }

  const clearErrors = (...keys: string[]) =>
    setErrors((current) =>
      keys.some((key) => key in current)
        ? Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key)))
        : current,
    );

  /** A refused request: field errors where the fields are, the session's end when it ended, a message otherwise. */
  function refused(error: unknown): Errors {
    if (error instanceof ApiError && error.status === 422) {
      const mapped = issueErrors(error.issues, cardKey);
      setErrors((current) => ({ ...current, ...mapped.errors }));
      if (mapped.general.length) setNotice({ kind: 'error', text: mapped.general.join(' ') });
      return mapped.errors;
    }
    const fatal = fatalOf(error);
    if (fatal === 'expired') {
      setPhase('closed');
      setNotice({ kind: 'error', text: t('checkout.expired') });
      post('expired', latest.current);
    } else if (fatal === 'notOpen') {
      window.location.reload();
    } else if (error instanceof ApiError && error.status === 409) {
      setNotice({ kind: 'error', text: t('checkout.changedTryAgain') });
    } else {
      setNotice({
        kind: 'error',
        text: error instanceof ApiError && error.status < 500 ? error.message : t('common.unexpectedError'),
      });
    }
    return {};
  }

  /** A live change of the session, queued after the others; its answer carries the new amounts. */
  function update(
    body: Record<string, unknown>,
    keys: string[],
    then?: (next: CheckoutPublic) => void,
  ): Promise<boolean> {
    return updates.enqueue(async () => {
      try {
        const next = await api<CheckoutPublic>('PATCH', path, { body });
        show(next);
        clearErrors(...keys);
        then?.(next);
        post('updated', next);
        return true;
      } catch (error) {
        refused(error);
        return false;
      }
    });
  }

  return {
    checkout,
    latest,
    show,
    errors,
    setErrors,
    clearErrors,
    notice,
    setNotice,
    noticeRef,
    phase,
    setPhase,
    post,
    updates,
    refused,
    update,
  };
}

export type CheckoutSession = ReturnType<typeof useCheckoutSession>;
