// Every exchange the tests make through the harness, and every webhook a test receiver gets, appended to the run's
// recordings (BURSAR_COMPAT_DIR, made by the global setup) for the client-compatibility suite to judge at the end.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RecordedExchange {
  method: string;
  path: string;
  /** The dated API version the request asked for (`Polar-Version`), or null: the 0.x clients send none. */
  version: string | null;
  status: number;
  contentType: string | null;
  body: string;
}

export interface RecordedWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** When it arrived (ms): a client verifies the signature's timestamp against its clock. */
  at: number;
}

export const EXCHANGES_FILE = 'exchanges.jsonl';
export const WEBHOOKS_FILE = 'webhooks.jsonl';

function append(file: string, record: unknown): void {
  const dir = process.env.BURSAR_COMPAT_DIR;
  if (dir) appendFileSync(join(dir, file), `${JSON.stringify(record)}\n`);
}

export function recordExchange(
  exchange: Omit<RecordedExchange, 'version'> & { requestHeaders: Record<string, string> },
): void {
  const { requestHeaders, ...rest } = exchange;
  const version = Object.entries(requestHeaders).find(([name]) => name.toLowerCase() === 'polar-version')?.[1] ?? null;
  append(EXCHANGES_FILE, { ...rest, version });
}

export function recordWebhook(webhook: RecordedWebhook): void {
  append(WEBHOOKS_FILE, webhook);
}
