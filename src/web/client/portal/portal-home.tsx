// The signed-in portal: who is signed in, the sign-out button, and one section at a time chosen from the tabs.
import { useState } from 'preact/hooks';
import type { StringKey } from '../strings';
import { Button } from '../shared/ui';
import { PortalBillingDetails } from './portal-billing-details';
import { PortalDownloads } from './portal-downloads';
import { PortalHistory } from './portal-history';
import { PortalLicenseKeys } from './portal-license-keys';
import { PortalMeters } from './portal-meters';
import { PortalOrders } from './portal-orders';
import { PortalPaymentMethods } from './portal-payment-methods';
import { PortalSubscriptions } from './portal-subscriptions';
import type { SectionProps } from './section-props';
import { useLoad } from './use-load';

const SECTIONS = {
  orders: { label: 'portal.tab.orders', Section: PortalOrders },
  subscriptions: { label: 'portal.tab.subscriptions', Section: PortalSubscriptions },
  licenseKeys: { label: 'portal.tab.licenseKeys', Section: PortalLicenseKeys },
  downloads: { label: 'portal.tab.downloads', Section: PortalDownloads },
  usage: { label: 'portal.tab.usage', Section: PortalMeters },
  billing: { label: 'portal.tab.billing', Section: PortalBillingDetails },
  paymentMethods: { label: 'portal.tab.paymentMethods', Section: PortalPaymentMethods },
  history: { label: 'portal.tab.history', Section: PortalHistory },
} satisfies Record<string, { label: StringKey; Section: (props: SectionProps) => unknown }>;
type SectionName = keyof typeof SECTIONS;

export function PortalHome(props: SectionProps & { onSignedOut: () => void }) {
  const { t, call } = props;
  const [shown, setShown] = useState<SectionName>('orders');
  const [signingOut, setSigningOut] = useState(false);
  const user = useLoad(() => call<{ email: string; name: string | null }>('GET', '/customer-session/user'));
  const { Section } = SECTIONS[shown];

  const signOut = async () => {
    setSigningOut(true);
    await call('DELETE', '/customer-session').catch(() => undefined); // signed out here whatever the server says
    props.onSignedOut();
  };

  return (
    <div class="portal">
      <div class="portal-account">
        <p class="muted">{user.data ? t('portal.signedInAs', { email: user.data.email }) : ''}</p>
        <Button variant="secondary" busy={signingOut} onClick={signOut}>
          {t('portal.signOut')}
        </Button>
      </div>
      <nav class="tabs portal-tabs" aria-label={t('portal.sections')}>
        {(Object.keys(SECTIONS) as SectionName[]).map((name) => (
          <Button
            key={name}
            variant="secondary"
            aria-current={name === shown ? 'page' : undefined}
            onClick={() => setShown(name)}
          >
            {t(SECTIONS[name].label)}
          </Button>
        ))}
      </nav>
      <Section key={shown} t={t} locale={props.locale} call={call} slug={props.slug} />
    </div>
  );
}
