// Signing in without a portal link: the customer asks for a code by e-mail, then exchanges it for a session token.
// Each step's input takes the focus when the step is shown.
import { useState } from 'preact/hooks';
import { api, ApiError } from '../shared/api';
import type { PortalBoot } from '../shared/boot';
import { Alert, Button, Field, type Translate } from '../shared/ui';
import { focusLater } from './focus';
import { failureMessage } from './use-load';

export function PortalLogin(props: {
  t: Translate;
  organization: PortalBoot['organization'];
  expired: boolean;
  onSignedIn: (token: string) => void;
}) {
  const { t, organization } = props;
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const requestCode = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('POST', '/v1/customer-portal/customer-session/request', {
        body: { email, organization_id: organization.id },
      });
      setCodeSent(true);
      focusLater('portal-code');
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.issues.length
          ? t('portal.login.invalidEmail')
          : failureMessage(t, failure),
      );
    } finally {
      setBusy(false);
    }
  };

  const authenticate = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { email, organization_id: organization.id, code };
      const { token } = await api<{ token: string }>('POST', '/v1/customer-portal/customer-session/authenticate', {
        body,
      });
      props.onSignedIn(token);
    } catch (failure) {
      setError(
        failure instanceof ApiError && (failure.status === 401 || failure.issues.length)
          ? t('portal.login.wrongCode')
          : failureMessage(t, failure),
      );
      setBusy(false);
    }
  };

  return (
    <section class="card narrow portal-login" aria-labelledby="portal-login-heading">
      <h2 id="portal-login-heading">{t('portal.login.heading')}</h2>
      {props.expired && <Alert kind="info">{t('portal.login.expired')}</Alert>}
      {!codeSent ? (
        <form onSubmit={requestCode} noValidate>
          <p>{t('portal.login.intro', { organization: organization.name })}</p>
          <Field
            id="portal-email"
            label={t('portal.login.email')}
            type="email"
            autocomplete="email"
            required
            value={email}
            error={error}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" busy={busy} class="button button-primary wide">
            {t('portal.login.sendCode')}
          </Button>
        </form>
      ) : (
        <form onSubmit={authenticate} noValidate>
          <Alert kind="success">{t('portal.login.codeSent', { email })}</Alert>
          <Field
            id="portal-code"
            label={t('portal.login.code')}
            hint={t('portal.login.codeHint')}
            autocomplete="one-time-code"
            required
            maxLength={6}
            value={code}
            error={error}
            onInput={(event) => setCode(event.currentTarget.value.trim())}
          />
          <Button type="submit" busy={busy} class="button button-primary wide">
            {t('portal.login.signIn')}
          </Button>
          <Button
            variant="link"
            onClick={() => (setCodeSent(false), setCode(''), setError(null), focusLater('portal-email'))}
          >
            {t('portal.login.otherEmail')}
          </Button>
        </form>
      )}
    </section>
  );
}
