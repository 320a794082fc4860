// Posts one webhook: the raw JSON body, our headers, a deadline, no redirects followed, the answer recorded.
import { lookup, type LookupAddress } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, fetch, type Dispatcher } from 'undici';

export interface PostResult {
  status: number | null;
  body: string;
  durationMs: number;
  error: string | null;
}

export type AddressPolicy = (address: string) => boolean;

export interface PostOptions {
  timeoutMs: number;
  /** Refuses to connect when the host resolves to an address this rejects (SSRF guard at delivery time). */
  refuseAddress?: AddressPolicy;
  signal?: AbortSignal;
}

export class AddressRefused extends Error {}

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

/**
 * Every address `hostname` resolves to, the way a connection resolves it (node:dns `lookup`, the system resolver);
 * rejects when it does not resolve within `timeoutMs`.
 */
export async function resolveHost(hostname: string, timeoutMs = 2000): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${hostname} did not resolve within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const addresses = await Promise.race([lookupAll(hostname, { all: true, verbatim: true }), timeout]);
    return addresses.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

const dispatchers = new WeakMap<AddressPolicy, Dispatcher>();

/** A connection pool whose DNS lookup refuses forbidden addresses: the address checked is the address connected to. */
function guardedDispatcher(refuseAddress: AddressPolicy): Dispatcher {
  let dispatcher = dispatchers.get(refuseAddress);
  if (!dispatcher) {
    dispatcher = new Agent({
      connect: {
        lookup: (hostname, options, callback) => {
          lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
            if (error) return callback(error, '', 0);
            const refused = addresses.find((a) => refuseAddress(a.address));
            if (refused) return callback(refusal(hostname, refused.address), '', 0);
            if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
            callback(null, addresses[0].address, addresses[0].family);
          });
        },
      },
    });
    dispatchers.set(refuseAddress, dispatcher);
  }
  return dispatcher;
}

function refusal(host: string, address: string): AddressRefused {
  const what = host === address ? host : `${host} resolves to ${address}, which`;
  return new AddressRefused(`${what} is a private address`);
}
