// The customer portal: signed in with the token of a portal link (or an e-mailed code), the customer's orders,
// subscriptions, benefits, usage and billing details; signed out, the code login.
import { useMemo, useState } from 'preact/hooks';
import type { PortalBoot } from '../shared/boot';
import { PageFrame, translator } from '../shared/ui';
import { PortalHome } from './portal-home';
import { PortalLogin } from './portal-login';
import { forgetSessionToken, keepSessionToken, portalCaller, takeSessionToken } from './portal-session';

export function PortalPage(props: { boot: PortalBoot }) {
  const { organization, locale } = props.boot;
  const t = translator(locale);
  const [token, setToken] = useState(() => takeSessionToken(organization.slug));
  const [expired, setExpired] = useState(false);

  const end = (becauseExpired: boolean) => {
    forgetSessionToken(organization.slug);
    setExpired(becauseExpired);
    setToken(null);
  };
  const call = useMemo(() => token && portalCaller(token, () => end(true)), [token]);

  return (
    <PageFrame
      t={t}
      title={t('title.portal')}
      organization={organization.name}
      sandbox={props.boot.environment === 'sandbox'}
    >
      {call ? (
        <PortalHome t={t} locale={locale} call={call} slug={organization.slug} onSignedOut={() => end(false)} />
      ) : (
        <PortalLogin
          t={t}
          organization={organization}
          expired={expired}
          onSignedIn={(fresh) => {
            keepSessionToken(organization.slug, fresh);
            setExpired(false);
            setToken(fresh);
          }}
        />
      )}
    </PageFrame>
  );
}
