// What every answer must satisfy, the failures found (one per route and cause, with a request that reproduces it),
// and the server-side cause of a 500, read from the API's own log by request id.
import { ErrorBody, ValidationErrorBody } from '../../src/contracts/error-body';
import { changedTables, type OrgState } from './org-state';
import { abbreviate, asCurl, type RawRequest, type RawResponse } from './send';
import { captureLogs, type LogLine } from '../support/log-capture';

export interface Failure {
  route: string;
  cause: string;
  status: number;
  kind: string;
  request: RawRequest;
  response: string;
  /** How many requests failed this way. */
  count: number;
}

/** 422s the reference declares with a plain error body (`{error, detail: string}`) instead of a validation error. */
const DOCUMENTED_422 = new Set(['MissingInvoiceBillingDetails', 'OrderNotEligibleForRetry']);

/** Why an answer breaks the API's promises, or null when it keeps them. */
export function problemWith(
  response: RawResponse,
  serverCause: string | undefined,
  before?: OrgState,
  after?: OrgState,
): string | null {
  if (response.status === 0) return `no answer: ${response.text}`;
  if (response.status >= 500) return `${response.status}: ${serverCause ?? errorName(response)}`;
  if (response.status < 400) return null;
  const validation = response.status === 422 && !DOCUMENTED_422.has(errorName(response));
  const parsed = (validation ? ValidationErrorBody : ErrorBody).safeParse(response.json);
  if (!parsed.success)
    return `${response.status} without the documented ${validation ? 'ValidationErrorBody' : 'ErrorBody'} shape`;
  if (parsed.data.status !== response.status) return `${response.status} whose body says status ${parsed.data.status}`;
  const changed = before && after ? changedTables(before, after) : [];
  if (changed.length)
    return `state changed by a refused request (${response.status} ${errorName(response)}): ${changed.join(', ')}`;
  return null;
}

const errorName = (response: RawResponse) =>
  (response.json as { error?: string } | undefined)?.error ?? 'no error name';

export class FailureLog {
  private readonly byKey = new Map<string, Failure>();

  record(route: string, kind: string, cause: string, request: RawRequest, response: RawResponse): void {
    const key = `${route} :: ${normalized(cause)}`;
    const known = this.byKey.get(key);
    if (known) {
      known.count++;
      return;
    }
    this.byKey.set(key, {
      route,
      cause,
      status: response.status,
      kind,
      request,
      response: abbreviate(response.text, 500),
      count: 1,
    });
  }

  get failures(): Failure[] {
    return [...this.byKey.values()];
  }

  report(baseUrls: Record<string, string>, rerun: string): string {
    const lines = this.failures.map((f, i) =>
      [
        `${i + 1}. ${f.route} — ${abbreviate(f.cause, 400)} (${f.count}×, first in a ${f.kind} case)`,
        `   ${asCurl(f.request, baseUrls[f.request.environment])}`,
        `   → ${f.status} ${f.response}`,
      ].join('\n'),
    );
    const byCause = new Map<string, { cause: string; routes: string[] }>();
    for (const f of this.failures) {
      const entry = byCause.get(normalized(f.cause)) ?? { cause: f.cause, routes: [] };
      byCause.set(normalized(f.cause), { ...entry, routes: [...entry.routes, f.route] });
    }
    const causes = [...byCause.values()].map(
      ({ cause, routes }) => `  - ${abbreviate(cause, 200)} — ${routes.length} route(s): ${routes.join(', ')}`,
    );
    return [
      `${this.failures.length} distinct failures (route × cause); re-run: ${rerun}`,
      'By cause:',
      ...causes,
      'Each with a request that reproduces it:',
      ...lines,
    ].join('\n');
  }
}

/** Causes that differ only by ids, numbers or quoted values are one cause. */
function normalized(cause: string): string {
  return cause
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/0x[0-9a-f]+/gi, '<hex>')
    .replace(/"[^"]*"|'[^']*'/g, '<value>')
    .replace(/\d+/g, '<n>');
}

/**
 * Collects the causes the API logs for requests it answered 500 (the access line of the request, with its `err`);
 * anything else logged at ERROR is passed on to stderr.
 */
export function captureServerErrors(): { causeOf(requestId: string): string | undefined; restore(): void } {
  const causes = new Map<string, string>();
  const captured = captureLogs('error', (line: LogLine) => {
    const err = line.err as { type?: string; message?: string } | undefined;
    const requestId = typeof line.request_id === 'string' ? line.request_id : undefined;
    if (requestId && err) causes.set(requestId, `${err.type}: ${String(err.message).split('\n')[0]}`);
    else process.stderr.write(`${JSON.stringify(line)}\n`);
  });
  return { causeOf: (requestId) => causes.get(requestId), restore: () => captured.restore() };
}
