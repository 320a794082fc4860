// The webhook URL policy with its I/O: what the URL alone tells, then every address its host name resolves to.
import { resolveHost } from '../../adapters/http/resolve-host';
import { invalidField } from '../../kernel/errors';
import { addressRefusal, urlHost, urlRefusal, type UrlPolicy } from './webhook-url.logic';

export type HostResolver = (hostname: string) => Promise<string[]>;

export class WebhookUrlGuard {
  constructor(
    private readonly policy: UrlPolicy,
    private readonly resolve: HostResolver = resolveHost,
  ) {}

  /**
   * Throws a 422 on `body.url` when the URL may not receive webhooks. A name that does not resolve (yet) is accepted:
   * refusing it would make creating an endpoint depend on DNS being up, and it proves nothing, since a name can
   * change its addresses at any time; every delivery checks the addresses it connects to (`refusesAddress`).
   */
  async assertAllowed(url: string): Promise<void> {
    const refusal = urlRefusal(url, this.policy) ?? (await this.resolvedRefusal(new URL(url)));
    if (refusal) throw invalidField(['body', 'url'], refusal, 'url_refused');
  }

  /** Whether a delivery may not connect to `address`: the same policy, applied to the address actually used. */
  readonly refusesAddress = (address: string): boolean => addressRefusal(address, this.policy) !== null;

  private async resolvedRefusal(url: URL): Promise<string | null> {
    const { name } = urlHost(url);
    if (name === null || this.policy.allowPrivate) return null;
    const addresses = await this.resolve(name).catch(() => [] as string[]);
    for (const address of addresses) {
      const refusal = addressRefusal(address, this.policy);
      if (refusal) return `${refusal} (${name} resolves to ${address})`;
    }
    return null;
  }
}
