// Posts one webhook: the raw JSON body, our headers, a deadline, no redirects followed, the answer recorded.
import { isIP } from 'node:net';
import { fetch } from 'undici';
import { AddressRefused, guardedDispatcher, refusal, type AddressPolicy } from './guarded-dispatcher';

export interface PostResult {
  status: number | null;
  body: string;
  durationMs: number;
  error: string | null;
}

export interface PostOptions {
  timeoutMs: number;
  /** Refuses to connect when the host resolves to an address this rejects (SSRF guard at delivery time). */
  refuseAddress?: AddressPolicy;
  signal?: AbortSignal;
}

export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  // An IP literal is connected to without a lookup, so it is checked here; names are checked as they resolve.
  if (options.refuseAddress && isIP(host) && options.refuseAddress(host)) throw refusal(host, host);
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      redirect: 'manual',
      headers: { 'content-type': 'application/json', 'user-agent': 'Bursar-Webhooks/1', ...headers },
      signal: AbortSignal.any(signals),
      dispatcher: options.refuseAddress ? guardedDispatcher(options.refuseAddress) : undefined,
    });
    const text = await response.text().catch(() => '');
    return { status: response.status, body: text, durationMs: elapsed(), error: null };
  } catch (error) {
    const cause = (error as { cause?: Error & { code?: string } }).cause;
    if (cause instanceof AddressRefused) throw cause;
    const timedOut = (error as Error).name === 'TimeoutError';
    const message = timedOut
      ? `No answer within ${options.timeoutMs} ms`
      : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { status: null, body: '', durationMs: elapsed(), error: message };
  }
}
