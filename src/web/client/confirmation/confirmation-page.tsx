// TEMPORARY skeleton, replaced by the real page.
import type { CheckoutBoot } from '../shared/boot';
import { PageFrame, translator } from '../shared/ui';

export function ConfirmationPage(props: { boot: CheckoutBoot }) {
  const t = translator(props.boot.locale);
  return (
    <PageFrame t={t} title={t('title.confirmation')} sandbox={props.boot.environment === 'sandbox'}>
      {null}
    </PageFrame>
  );
}
