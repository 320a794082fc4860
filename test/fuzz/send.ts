// One HTTP request exactly as generated (raw path, raw body, any headers), redirects not followed, the answer parsed
// as JSON when it is JSON.
import type { Environment } from '../../src/platform/config';
import type { TestHarness } from '../support/harness';

export interface RawRequest {
  environment: Environment;
  method: string;
  /** Path and query string, already encoded (hostile cases keep malformed escapes on purpose). */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  text: string;
  /** The parsed body, or undefined when it is empty or not JSON. */
  json: unknown;
  requestId: string;
  /** The `Idempotent-Replayed` header. */
  replayed: string | null;
}

let counter = 0;

/** Longer than any route should take; a request still unanswered then is a failure of its own. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** Status 0 when no HTTP answer came back (the connection was dropped), with the client's error as the text. */
export async function send(h: TestHarness, request: RawRequest): Promise<RawResponse> {
  const requestId = `fuzz-${++counter}`;
  try {
    const response = await fetch(`${h.url[request.environment]}${request.url}`, {
      method: request.method,
      headers: { ...request.headers, 'x-request-id': requestId },
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      json: parseJson(text),
      requestId,
      replayed: response.headers.get('idempotent-replayed'),
    };
  } catch (error) {
    // Duck-typed: fetch's errors come from Node's realm, not the test's, so `instanceof Error` is false for them.
    const { message, cause: why } = error as { message?: string; cause?: { message?: string; code?: string } };
    const cause = `${message ?? String(error)}${why?.message ? `: ${why.message}` : ''}${why?.code ? ` (${why.code})` : ''}`;
    return { status: 0, text: cause, json: undefined, requestId, replayed: null };
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The request as a shell command, to reproduce a failure by hand against a running server. */
export function asCurl(request: RawRequest, baseUrl: string): string {
  const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
  const body = request.body === undefined ? '' : ` --data-raw ${quote(abbreviate(request.body, 2000))}`;
  const headers = Object.entries(request.headers)
    .map(([name, value]) => ` -H ${quote(`${name}: ${abbreviate(value, 300)}`)}`)
    .join('');
  return `curl -si -X ${request.method} ${quote(`${baseUrl}${abbreviate(request.url, 2000)}`)}${headers}${body}`;
}

export function abbreviate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}
