// After the confirmation: the session followed until it is paid (the buyer off to `success_url`), declined (the reason
// shown, the form open for another card) or ended, for two minutes at most.
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { safeHttpUrl } from '../shared/safe-url';
import type { Translate } from '../shared/ui';
import { declineNotice } from './checkout-notices';
import { followPayment, successNeedsLink } from './follow-payment';
import type { CheckoutSession } from './use-checkout-session';

export interface FollowDeps {
  t: Translate;
  path: string;
  session: CheckoutSession;
  /** Empties the card fields for another card. */
  clearCard(): void;
}

/** Follows the confirmed session: paid, declined (open again) or failed, for two minutes at most. */
export function followConfirmed(deps: FollowDeps) {
  const { t, path, clearCard } = deps;
  const { show, setPhase, setNotice, post, refused } = deps.session;

  function succeeded(next: CheckoutPublic) {
    setPhase('done');
    post('success', next, { success_url: next.success_url });
    const successUrl = safeHttpUrl(next.success_url);
    if (!successUrl || successNeedsLink(next, successUrl)) {
      // The embedding page takes the buyer on (it got `success`); a link does it too, with the buyer's click.
      setNotice({ kind: 'success', text: t('checkout.successEmbedded'), link: successUrl });
      return;
    }
    setNotice({ kind: 'success', text: t('checkout.success') });
    window.location.assign(successUrl);
  }

  return followPayment(path, {
    seen: show,
    succeeded,
    declined(next) {
      const reason = next.payment_error ?? t('common.unexpectedError');
      setPhase('editing');
      setNotice(declineNotice(t, reason));
      clearCard();
      post('payment_error', next, { reason });
    },
    ended(status) {
      setPhase('closed');
      setNotice({ kind: 'error', text: t(status === 'failed' ? 'checkout.paymentFailed' : 'checkout.expired') });
    },
    expired: refused,
    slow: () => setNotice({ kind: 'info', text: t('checkout.stillProcessing') }),
    gaveUp() {
      // The form stays closed: the payment may still go through, and must not be made twice.
      setPhase('closed');
      setNotice({ kind: 'info', text: t('checkout.processingTimedOut'), focus: true });
    },
  });
}
