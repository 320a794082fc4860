// The customer's license keys: the key, its status, usage and activations, each activation with a deactivate button.
// A deactivated activation's button is gone: the focus moves to the next one, or to the key's summary, and it is said.
import { useState } from 'preact/hooks';
import type { PortalLicenseKeyRead, PortalLicenseKeyWithActivations } from '../../../contracts/portal-license-key';
import { formatDate } from '../shared/format';
import { Alert, Button } from '../shared/ui';
import { focusLater } from './focus';
import type { SectionProps } from './section-props';
import { ListSection } from './portal-list-section';
import { failureMessage, useLoad } from './use-load';

export function PortalLicenseKeys(props: SectionProps) {
  const { t, call } = props;
  const keys = useLoad(async () => {
    const page = await call<{ items: PortalLicenseKeyRead[] }>('GET', '/license-keys/?limit=100');
    return Promise.all(
      page.items.map((key) => call<PortalLicenseKeyWithActivations>('GET', `/license-keys/${key.id}`)),
    );
  });
  const items = keys.data;
  return (
    <ListSection
      t={t}
      id="portal-keys"
      heading={t('portal.keys.heading')}
      empty={t('portal.keys.empty')}
      items={items}
      loaded={keys}
    >
      {(items) => (
        <ul class="portal-list" aria-labelledby="portal-keys-heading">
          {items.map((key) => (
            <li key={key.id} class="portal-item portal-key">
              <LicenseKey
                {...props}
                licenseKey={key}
                onChanged={(changed) => keys.replace(items.map((k) => (k.id === changed.id ? changed : k)))}
              />
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}

function LicenseKey(
  props: SectionProps & {
    licenseKey: PortalLicenseKeyWithActivations;
    onChanged: (key: PortalLicenseKeyWithActivations) => void;
  },
) {
  const { t, locale, licenseKey: key } = props;
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const summaryId = `key-${key.id}-summary`;
  const deactivate = async (activation: PortalLicenseKeyWithActivations['activations'][number]) => {
    setBusy(activation.id);
    setError(null);
    try {
      await props.call('DELETE', `/license-keys/${key.id}/activations/${activation.id}`);
      const changed = await props.call<PortalLicenseKeyWithActivations>('GET', `/license-keys/${key.id}`);
      const index = key.activations.findIndex((a) => a.id === activation.id);
      const next = changed.activations[Math.min(index, changed.activations.length - 1)];
      props.onChanged(changed);
      setNotice(t('portal.keys.deactivated', { label: activation.label }));
      focusLater(next ? `activation-${next.id}` : summaryId);
    } catch (failure) {
      setError(failureMessage(t, failure));
    } finally {
      setBusy(null);
    }
  };
  const usage =
    key.limit_usage === null
      ? t('portal.keys.usage', { usage: key.usage })
      : t('portal.keys.usageOf', { usage: key.usage, limit: key.limit_usage });
  const activations =
    key.limit_activations === null
      ? t('portal.keys.activations', { count: key.activations.length })
      : t('portal.keys.activationsOf', { count: key.activations.length, limit: key.limit_activations });
  return (
    <div class="portal-item-main">
      <p class="portal-key-line">
        <code class="key">{key.key}</code>{' '}
        <span class={`tag portal-status-${key.status}`}>{t(`portal.keys.status.${key.status}`)}</span>
      </p>
      <p class="muted" id={summaryId} tabIndex={-1}>
        {usage} · {activations}
        {key.expires_at && ` · ${t('portal.keys.expiresOn', { date: formatDate(key.expires_at, locale) })}`}
      </p>
      <p class="visually-hidden" role="status">
        {notice}
      </p>
      {error && <Alert kind="error">{error}</Alert>}
      {key.activations.length > 0 && (
        <ul class="portal-activations" aria-label={t('portal.keys.activationsLabel', { key: key.display_key })}>
          {key.activations.map((activation) => (
            <li key={activation.id}>
              <span>
                {activation.label}{' '}
                <span class="muted">
                  {t('portal.keys.activatedOn', { date: formatDate(activation.created_at, locale) })}
                </span>
              </span>
              <Button
                id={`activation-${activation.id}`}
                variant="secondary"
                busy={busy === activation.id}
                aria-label={t('portal.keys.deactivateLabel', { label: activation.label })}
                onClick={() => deactivate(activation)}
              >
                {t('portal.keys.deactivate')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
