// Posts one webhook: the raw JSON body, our headers, a deadline, no redirects followed, the answer recorded; in a
// client span whose `traceparent` the receiver gets (none with tracing off).
import { isIP } from 'node:net';
import { SpanKind, SpanStatusCode, context, propagation, trace, type Context, type Link } from '@opentelemetry/api';
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
  /** The trace the POST belongs to (the active one by default), and spans of other traces it is linked to. */
  trace?: { parent?: Context; links?: Link[] };
}

const tracer = trace.getTracer('bursar-webhooks');

export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostResult> {
  const target = new URL(url);
  const attributes = {
    'http.request.method': 'POST',
    'url.full': `${target.origin}${target.pathname}`, // the query may hold a receiver's token
    'server.address': target.hostname,
    'server.port': Number(target.port) || (target.protocol === 'https:' ? 443 : 80),
  };
  const parent = options.trace?.parent ?? context.active();
  const spanOptions = { kind: SpanKind.CLIENT, attributes, links: options.trace?.links };
  return tracer.startActiveSpan('POST', spanOptions, parent, async (span) => {
    const traced = { ...headers };
    propagation.inject(context.active(), traced);
    try {
      const result = await post(url, body, traced, options);
      if (result.status !== null) span.setAttribute('http.response.status_code', result.status);
      if (result.status === null || result.status >= 400) {
        span.setAttribute('error.type', result.status === null ? 'request_failed' : String(result.status));
        span.setStatus({ code: SpanStatusCode.ERROR, message: result.error ?? `HTTP ${result.status}` });
      }
      return result;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

async function post(url: string, body: string, headers: Record<string, string>, options: PostOptions) {
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
