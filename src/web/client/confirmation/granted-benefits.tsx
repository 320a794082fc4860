// What the purchase gives, once granted: its license keys (the whole key, to copy) and its files (signed download
// links), with word while they are being prepared.
import type { Translate } from '../shared/ui';
import { formatDate } from '../shared/format';
import type { Benefits } from './use-benefits';

export function GrantedBenefits(props: { t: Translate; locale: string; benefits: Benefits }) {
  const { t, locale, benefits } = props;
  const { progress, licenseKeys, downloads } = benefits;
  const pending = progress === 'waiting' || progress === 'slow';
  if (progress === 'rejected' || (!pending && !licenseKeys.length && !downloads.length)) return null;
  return (
    <section class="card confirmation-card" aria-labelledby="benefits-heading">
      <h2 id="benefits-heading">{t('confirmation.benefitsHeading')}</h2>
      <p class="muted" role="status">
        {progress === 'waiting' && t('confirmation.benefitsPreparing')}
        {progress === 'slow' && t('confirmation.benefitsSlow')}
      </p>
      {licenseKeys.length > 0 && (
        <>
          <h3>{t('confirmation.licenseKeys')}</h3>
          <ul class="license-keys">
            {licenseKeys.map(({ benefit, key }) => (
              <li key={key.id}>
                <p class="license-key-label">{t('confirmation.licenseKeyLabel', { benefit })}</p>
                <p>
                  <code class="license-key">{key.key}</code>
                </p>
                {key.limit_activations !== null && (
                  <p class="muted">{t('confirmation.activationLimit', { limit: key.limit_activations })}</p>
                )}
                {key.expires_at && (
                  <p class="muted">{t('confirmation.keyExpires', { date: formatDate(key.expires_at, locale) })}</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {downloads.length > 0 && (
        <>
          <h3>{t('confirmation.downloads')}</h3>
          <ul class="downloads">
            {downloads.map((download) => (
              <li key={download.id}>
                <a href={download.file.download.url}>{t('confirmation.downloadFile', { name: download.file.name })}</a>{' '}
                <span class="muted">{download.file.size_readable}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
