// Posts one webhook: the raw JSON body, our headers, a deadline, no redirects followed, the answer recorded.
import { lookup } from 'node:dns/promises';

export interface PostResult {
  status: number | null;
  body: string;
  durationMs: number;
  error: string | null;
}

export interface PostOptions {
  timeoutMs: number;
  /** Refuses to connect when the host resolves to an address this rejects (SSRF guard at delivery time). */
  refuseAddress?: (address: string) => boolean;
  signal?: AbortSignal;
}

export class AddressRefused extends Error {}

export async function postWebhook(url: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (options.refuseAddress) {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    const addresses = await lookup(host, { all: true }).catch(() => null);
    if (!addresses) return { status: null, body: '', durationMs: elapsed(), error: `Could not resolve ${host}` };
    const refused = addresses.find((a) => options.refuseAddress!(a.address));
    if (refused) throw new AddressRefused(`${host} resolves to ${refused.address}, a private address`);
  }
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      redirect: 'manual',
      headers: { 'content-type': 'application/json', 'user-agent': 'Bursar-Webhooks/1', ...headers },
      signal: AbortSignal.any(signals),
    });
    const text = await response.text().catch(() => '');
    return { status: response.status, body: text, durationMs: elapsed(), error: null };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const message = timedOut ? `No answer within ${options.timeoutMs} ms` : cause?.code ?? cause?.message ?? (error as Error).message;
    return { status: null, body: '', durationMs: elapsed(), error: message };
  }
}
