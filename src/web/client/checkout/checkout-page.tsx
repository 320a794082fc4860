// The hosted checkout: the session loaded through the public client endpoint (GET /v1/checkouts/client/{secret}),
// then the form (checkout-form.tsx), or what ended it (expired, already complete, not found).
import { useEffect, useState } from 'preact/hooks';
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { api } from '../shared/api';
import type { CheckoutBoot } from '../shared/boot';
import { PageFrame, translator } from '../shared/ui';
import { CheckoutForm } from './checkout-form';
import { fatalOf, FatalMessage, type Fatal } from './checkout-notices';

export function CheckoutPage(props: { boot: CheckoutBoot }) {
  const { boot } = props;
  const t = translator(boot.locale);
  const path = `/v1/checkouts/client/${encodeURIComponent(boot.clientSecret)}`;
  const [checkout, setCheckout] = useState<CheckoutPublic | null>(null);
  const [fatal, setFatal] = useState<Fatal | null>(null);
  useEffect(() => {
    api<CheckoutPublic>('GET', path).then(setCheckout, (error: unknown) => setFatal(fatalOf(error) ?? 'error'));
  }, [path]);
  if (!checkout || fatal) {
    return (
      <PageFrame t={t} title={t('title.checkout')} sandbox={boot.environment === 'sandbox'}>
        {fatal ? <FatalMessage t={t} fatal={fatal} /> : <p class="muted">{t('common.loading')}</p>}
      </PageFrame>
    );
  }
  return <CheckoutForm boot={boot} t={t} path={path} initial={checkout} />;
}
