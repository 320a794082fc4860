// TEMPORARY skeleton, replaced by the real page.
import type { PortalBoot } from '../shared/boot';
import { PageFrame, translator } from '../shared/ui';

export function PortalPage(props: { boot: PortalBoot }) {
  const t = translator(props.boot.locale);
  return (
    <PageFrame t={t} title={t('title.portal')} sandbox={props.boot.environment === 'sandbox'}>
      {null}
    </PageFrame>
  );
}
