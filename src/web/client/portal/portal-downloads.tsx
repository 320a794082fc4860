// The files the customer's benefits give, each a signed download link.
import type { DownloadableRead } from '../../../contracts/portal-downloadable';
import type { SectionProps } from './section-props';
import { ListSection } from './portal-list-section';
import { useLoad } from './use-load';

export function PortalDownloads(props: SectionProps) {
  const { t, call } = props;
  const downloads = useLoad(() => call<{ items: DownloadableRead[] }>('GET', '/downloadables/?limit=100'));
  const items = downloads.data?.items;
  return (
    <ListSection
      t={t}
      id="portal-downloads"
      heading={t('portal.downloads.heading')}
      empty={t('portal.downloads.empty')}
      items={items}
      loaded={downloads}
    >
      {(items) => (
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
    </ListSection>
  );
}
