// The files the customer's benefits give, each a signed download link.
import type { DownloadableRead } from '../../../contracts/portal-benefit';
import type { SectionProps } from './section-props';
import { Pending, useLoad } from './use-load';

export function PortalDownloads(props: SectionProps) {
  const { t, call } = props;
  const downloads = useLoad(() => call<{ items: DownloadableRead[] }>('GET', '/downloadables/?limit=100'));
  const items = downloads.data?.items;
  return (
    <section class="card" aria-labelledby="portal-downloads-heading">
      <h2 id="portal-downloads-heading">{t('portal.downloads.heading')}</h2>
      {!items && <Pending t={t} error={downloads.error} retry={downloads.reload} />}
      {items?.length === 0 && <p class="muted">{t('portal.downloads.empty')}</p>}
      {items && items.length > 0 && (
        <ul class="portal-list" aria-labelledby="portal-downloads-heading">
          {items.map((download) => (
            <li key={download.id} class="portal-item">
              <a href={download.file.download.url} download={download.file.name} rel="noopener">
                {t('portal.downloads.download', { name: download.file.name })}
              </a>
              <span class="muted">{download.file.size_readable}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
