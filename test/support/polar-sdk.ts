// The published 1.x client (`@polar-sh/sdk` 1.0.x), one import per dated API version (`@polar-sh/sdk/2026-10`), as
// merchants use it: its API side and its webhook side (the event types its `validateEvent` knows, and the function).
// Its package exports resolve under Node's own resolution, not this project's TypeScript settings: loaded at runtime.
import { readFileSync } from 'node:fs';

export const CLIENT_API_VERSIONS = ['2026-04', '2026-10', '2027-01'] as const;
export type ClientApiVersion = (typeof CLIENT_API_VERSIONS)[number];

type Operation = (...request: any[]) => Promise<any>; // (id, query) for operations on one resource
export type PolarClient = Record<string, Record<string, Operation>>;

export function polarClient(version: ClientApiVersion, options: { accessToken: string; baseUrl: string }): PolarClient {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createPolar } = require(`@polar-sh/sdk/${version}`) as { createPolar(options: unknown): PolarClient };
  return createPolar(options);
}

export interface ClientWebhooks {
  /** Verifies the signature, then refuses a type outside the client's list (`PolarWebhookUnknownTypeError`). */
  validateEvent(
    body: string,
    headers: Record<string, string>,
    secret: string,
  ): Promise<{ type: string; data: Record<string, unknown> }>;
  PolarWebhookUnknownTypeError: new (...args: never[]) => Error;
}

export function clientWebhooks(version: ClientApiVersion): ClientWebhooks {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`@polar-sh/sdk/${version}`) as { webhooks: ClientWebhooks }).webhooks;
}

/** The client's `knownEventTypes` (not exported: read from the module's source, and checked against it by callers). */
export function clientEventTypes(version: ClientApiVersion): string[] {
  const source = readFileSync(require.resolve(`@polar-sh/sdk/${version}`), 'utf8');
  const list = /const knownEventTypes = [^[]*\[([^\]]*)\]/.exec(source)?.[1];
  if (!list)
    throw new Error(`knownEventTypes not found in @polar-sh/sdk/${version}: has the client changed its build?`);
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
}
