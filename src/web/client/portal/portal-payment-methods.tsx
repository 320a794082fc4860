// The customer's saved payment methods: listed with the default marked, made default, removed, and a card added —
// in the sandbox with the test cards; a card whose bank asks for authentication is confirmed in a second step.
import { useState } from 'preact/hooks';
import type { CustomerPaymentMethodCreateResponse, PaymentMethod } from '../../../contracts/payment-method';
import { EMPTY_CARD, SandboxCardFields, sandboxCardErrors, type SandboxCard } from '../checkout/card-fields';
import type { PortalBoot } from '../shared/boot';
import { readBoot } from '../shared/read-boot';
import { Alert, Button } from '../shared/ui';
import { ListSection } from './portal-list-section';
import type { SectionProps } from './section-props';
import { failureMessage, useLoad } from './use-load';

type Page = { items: PaymentMethod[] };

export function PortalPaymentMethods(props: SectionProps) {
  const { t, call } = props;
  const methods = useLoad(() => call<Page>('GET', '/customers/me/payment-methods?limit=100'));
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (id: string, work: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await work();
      setNotice({ kind: 'success', text: done });
      methods.reload();
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(t, error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ListSection
        t={t}
        id="portal-methods"
        heading={t('portal.methods.heading')}
        empty={t('portal.methods.empty')}
        items={methods.data?.items}
        loaded={methods}
      >
        {(items) => (
          <>
            {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
            <ul class="portal-list" aria-labelledby="portal-methods-heading">
              {items.map((method) => (
                <li key={method.id} class="portal-method">
                  <span>{describe(t, method)}</span>
                  {method.is_default ? (
                    <strong class="badge">{t('portal.methods.default')}</strong>
                  ) : (
                    <Button
                      variant="secondary"
                      busy={busy === `default:${method.id}`}
                      onClick={() =>
                        act(
                          `default:${method.id}`,
                          () => call('PATCH', '/customers/me', { default_payment_method_id: method.id }),
                          t('portal.methods.defaultSet'),
                        )
                      }
                    >
                      {t('portal.methods.makeDefault')}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    busy={busy === `remove:${method.id}`}
                    onClick={() =>
                      act(
                        `remove:${method.id}`,
                        () => call('DELETE', `/customers/me/payment-methods/${method.id}`),
                        t('portal.methods.removed'),
                      )
                    }
                  >
                    {t('portal.methods.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </ListSection>
      <AddCard {...props} onAdded={methods.reload} />
    </>
  );
}

function describe(t: SectionProps['t'], method: PaymentMethod): string {
  if (!('method_metadata' in method)) return method.type;
  const { brand, last4, exp_month: month, exp_year: year } = method.method_metadata;
  const name = brand.charAt(0).toUpperCase() + brand.slice(1);
  return t('portal.methods.card', { brand: name, last4, month: String(month).padStart(2, '0'), year: String(year) });
}

function AddCard(props: SectionProps & { onAdded: () => void }) {
  const { t, call } = props;
  const sandbox = readBoot<PortalBoot>('portal').environment === 'sandbox';
  const [card, setCard] = useState<SandboxCard>(EMPTY_CARD);
  const [errors, setErrors] = useState<Partial<Record<keyof SandboxCard, string | null>>>({});
  const [makeDefault, setMakeDefault] = useState(true);
  const [pending, setPending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const settle = (answer: CustomerPaymentMethodCreateResponse) => {
    if (answer.status === 'requires_action') return setPending(answer.client_secret.split('_secret_')[0]);
    setPending(null);
    setCard(EMPTY_CARD);
    setOutcome({ kind: 'success', text: t('portal.methods.added') });
    props.onAdded();
  };
  const send = async (work: () => Promise<CustomerPaymentMethodCreateResponse>) => {
    setBusy(true);
    try {
      settle(await work());
    } catch (error) {
      setOutcome({ kind: 'error', text: failureMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };
  const add = (event: Event) => {
    event.preventDefault();
    const found = sandboxCardErrors(card);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    if (Object.keys(found).length) return;
    const body = {
      confirmation_token_id: card.number.replace(/\s/g, ''),
      set_default: makeDefault,
      return_url: window.location.href.split('#')[0],
    };
    void send(() => call('POST', '/customers/me/payment-methods', body));
  };
  const confirm = () =>
    send(() =>
      call('POST', '/customers/me/payment-methods/confirm', { setup_intent_id: pending, set_default: makeDefault }),
    );

  return (
    <section class="card" aria-labelledby="portal-add-card-heading">
      <h2 id="portal-add-card-heading">{t('portal.methods.addHeading')}</h2>
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      {!sandbox ? (
        <p class="muted">{t('portal.methods.productionOnlyAtCheckout')}</p>
      ) : pending ? (
        <Alert kind="info">
          <p>{t('portal.methods.needsAction')}</p>
          <Button busy={busy} onClick={confirm}>
            {t('portal.methods.confirm')}
          </Button>
        </Alert>
      ) : (
        <form onSubmit={add} noValidate>
          <SandboxCardFields
            t={t}
            value={card}
            errors={errors}
            disabled={busy}
            onChange={(field, value) => setCard({ ...card, [field]: value })}
          />
          <div class="field">
            <label>
              <input
                type="checkbox"
                checked={makeDefault}
                onChange={(event) => setMakeDefault(event.currentTarget.checked)}
              />{' '}
              {t('portal.methods.setDefault')}
            </label>
          </div>
          <Button type="submit" busy={busy}>
            {t('portal.methods.add')}
          </Button>
        </form>
      )}
    </section>
  );
}
