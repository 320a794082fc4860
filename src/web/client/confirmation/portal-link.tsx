// The way into the customer portal with the buyer's session from the confirmation: the organization's portal page,
// which takes the token from its address.
import type { Translate } from '../shared/ui';

export function portalUrl(slug: string, token: string): string {
  return `/portal/${encodeURIComponent(slug)}?${new URLSearchParams({ customer_session_token: token })}`;
}

export function PortalLink(props: { t: Translate; slug: string; token: string }) {
  const { t, slug, token } = props;
  return (
    <section class="card confirmation-card" aria-labelledby="portal-heading">
      <h2 id="portal-heading">{t('confirmation.portalHeading')}</h2>
      <p>{t('confirmation.portalText')}</p>
      <a class="button" href={portalUrl(slug, token)}>
        {t('confirmation.portalLink')}
      </a>
    </section>
  );
}
