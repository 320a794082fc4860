// How the payment stands, in words: the page's heading and the sentence its live region announces as the checkout
// moves from confirmed to succeeded (or is declined), and what the buyer can do when it did not go through.
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import type { StringKey } from '../strings';
import type { Translate } from '../shared/ui';
import type { Outcome } from './use-checkout';

const TITLES: Record<Outcome, StringKey> = {
  processing: 'confirmation.processingTitle',
  paid: 'title.confirmation',
  declined: 'confirmation.failedTitle',
  failed: 'confirmation.failedTitle',
  incomplete: 'confirmation.incompleteTitle',
};

export function titleOf(outcome: Outcome): StringKey {
  return TITLES[outcome];
}

export function statusText(t: Translate, checkout: CheckoutPublic, outcome: Outcome): string {
  const error = checkout.payment_error ?? '';
  switch (outcome) {
    case 'processing':
      return t('confirmation.status.processing');
    case 'paid':
      if (checkout.trial_end) return t('confirmation.status.trialStarted');
      return t(checkout.total_amount === 0 ? 'confirmation.status.complete' : 'confirmation.status.paid');
    case 'declined':
      return t('confirmation.status.declined', { error });
    case 'failed':
      return t('confirmation.status.failed', { error });
    case 'incomplete':
      return t('confirmation.status.incomplete');
  }
}

/** The way back to the checkout when it is still open (a declined card, or never paid); a failed one is final. */
export function NextStep(props: { t: Translate; checkout: CheckoutPublic; outcome: Outcome }) {
  const { t, checkout, outcome } = props;
  if (outcome === 'failed') return <p>{t('confirmation.failedHelp')}</p>;
  if (outcome !== 'declined' && outcome !== 'incomplete') return null;
  return (
    <p>
      <a class="button" href={checkout.url}>
        {t(outcome === 'declined' ? 'confirmation.retryLink' : 'confirmation.continueLink')}
      </a>
    </p>
  );
}
