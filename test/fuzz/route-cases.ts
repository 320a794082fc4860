// The requests the fuzzer sends to one route, as a fast-check arbitrary derived from the route's definition alone:
// valid ones (drawn from its contracts, with real ids) and ones hostile in exactly one part (path, query, body or
// headers), plus a valid write sent twice at once.
import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteDefinition } from '../../src/platform/http/route';
import {
  HOSTILE_CONTENT_TYPES,
  HOSTILE_HEADERS,
  HOSTILE_QUERY,
  HOSTILE_RAW_BODIES,
  HOSTILE_SEGMENTS,
  HOSTILE_STRINGS,
  HOSTILE_VALUES,
  mutated,
} from './hostile';
import type { RawRequest } from './send';
import { allIds, collectionOf, tokenOf, type Tenant } from './tenants';
import { arbitraryOf, type GenerationHints } from './zod-arbitrary';

export type CaseKind = 'valid' | 'hostile path' | 'hostile query' | 'hostile body' | 'hostile headers' | 'twice at once';

export interface FuzzCase {
  kind: CaseKind;
  request: RawRequest;
}

export interface CaseContext {
  /** Whose requests these are: its organization token (organization routes), its main customer's (portal routes). */
  tenant: Tenant;
  /** Ids of another organization and of the other environment. */
  foreignIds: string[];
  /** Every field name of every contract, for extra keys and stray query parameters. */
  fieldNames: string[];
}

export function caseArbitrary(route: RouteDefinition, ctx: CaseContext): fc.Arbitrary<FuzzCase> {
  const hints: GenerationHints = { ids: allIds(ctx.tenant), organizationId: ctx.tenant.id };
  const parts = {
    path: pathArbitrary(route, ctx, hints),
    query: queryArbitrary(route, hints, ctx.fieldNames),
    body: bodyArbitrary(route, hints, ctx.fieldNames),
    headers: headersArbitrary(route, ctx),
  };
  const build = (kind: CaseKind, hostile?: keyof typeof parts) =>
    fc
      .record({
        path: hostile === 'path' ? parts.path.hostile : parts.path.valid,
        query: hostile === 'query' ? parts.query.hostile : parts.query.valid,
        body: hostile === 'body' ? parts.body.hostile : parts.body.valid,
        headers: hostile === 'headers' ? parts.headers.hostile : parts.headers.valid,
      })
      .map(({ path, query, body, headers }) => ({
        kind,
        request: {
          environment: ctx.tenant.environment,
          method: route.method.toUpperCase(),
          url: query ? `${path}?${query}` : path,
          headers: withContentType(headers, body),
          body,
        },
      }));
  return fc.oneof(
    { arbitrary: build('valid'), weight: 4 },
    ...(route.path.includes(':') ? [{ arbitrary: build('hostile path', 'path'), weight: 1 }] : []),
    { arbitrary: build('hostile query', 'query'), weight: 1 },
    // fetch sends no body with a GET
    ...(route.method !== 'get' ? [{ arbitrary: build('hostile body', 'body'), weight: 2 }] : []),
    { arbitrary: build('hostile headers', 'headers'), weight: 1 },
    ...(route.method !== 'get' ? [{ arbitrary: build('twice at once'), weight: 1 }] : []),
  );
}

interface Part<T> {
  valid: fc.Arbitrary<T>;
  hostile: fc.Arbitrary<T>;
}

/** The path parameters that name the route's own resource (an OAuth2 client is named by its `client_id`). */
export const RESOURCE_PARAMS = new Set(['id', 'client_id']);

function pathArbitrary(route: RouteDefinition, ctx: CaseContext, hints: GenerationHints): Part<string> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const shape = ((route.params as z.ZodObject | undefined)?.shape ?? {}) as Record<string, z.ZodType>;
  const validOf = (name: string): fc.Arbitrary<string> => {
    const own = RESOURCE_PARAMS.has(name) ? (ctx.tenant.ids.get(collectionOf(route.path)) ?? []) : name === 'client_secret' ? ctx.tenant.clientSecrets : [];
    const generated = (shape[name] ? arbitraryOf(shape[name], hints) : fc.string({ minLength: 1 })).map(String);
    return (own.length ? fc.oneof({ arbitrary: fc.constantFrom(...own), weight: 3 }, { arbitrary: generated, weight: 1 }) : generated).map(escape);
  };
  const fill = (values: string[]) => names.reduce((path, name, i) => path.replace(`:${name}`, values[i]), route.path);
  const valid = fc.tuple(...names.map(validOf)).map(fill);
  if (!names.length) return { valid: fc.constant(route.path), hostile: fc.constant(route.path) };
  const odd = fc.constantFrom(...HOSTILE_SEGMENTS, ...ctx.foreignIds);
  const hostile = fc
    .record({ values: fc.tuple(...names.map(validOf)), at: fc.nat({ max: names.length - 1 }), odd })
    .map(({ values, at, odd }) => fill(values.map((v, i) => (i === at ? odd : v))));
  return { valid, hostile };
}

function queryArbitrary(route: RouteDefinition, hints: GenerationHints, fieldNames: string[]): Part<string> {
  const valid = route.query ? arbitraryOf(route.query, hints).map((query) => queryString(query as Record<string, unknown>)) : fc.constant('');
  const keys = route.query ? Object.keys((route.query as z.ZodObject).shape ?? {}) : [];
  const stray = fc.oneof(
    fc.constantFrom(...HOSTILE_QUERY),
    fc.tuple(fc.constantFrom(...keys, ...fieldNames), fc.constantFrom(...HOSTILE_STRINGS)).map(([key, value]) => `${key}=${escape(value)}`),
  );
  const hostile = fc.tuple(valid, fc.array(stray, { minLength: 1, maxLength: 3 })).map(([query, extra]) => [query, ...extra].filter(Boolean).join('&'));
  return { valid, hostile };
}

function bodyArbitrary(route: RouteDefinition, hints: GenerationHints, fieldNames: string[]): Part<string | undefined> {
  const stray = fc.oneof(
    fc.constantFrom(...HOSTILE_VALUES).map((v) => JSON.stringify(v)),
    fc.constantFrom(...HOSTILE_RAW_BODIES),
  );
  if (!route.body) return { valid: fc.constant(undefined), hostile: stray };
  const valid = arbitraryOf(route.body, hints);
  return {
    valid: valid.map((body) => JSON.stringify(body)),
    hostile: fc.oneof({ arbitrary: mutated(valid, fieldNames).map((body) => JSON.stringify(body) ?? 'null'), weight: 3 }, { arbitrary: stray, weight: 1 }),
  };
}

function headersArbitrary(route: RouteDefinition, ctx: CaseContext): Part<Record<string, string>> {
  // The organization's token on its routes, its main customer's session token on the portal's, none on public ones.
  const token = tokenOf(ctx.tenant, route.audience);
  const base: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const valid = route.idempotent ? fc.option(fc.uuid(), { freq: 2 }).map((key) => (key ? { ...base, 'x-idempotency-key': key } : base)) : fc.constant(base);
  const hostile = fc
    .tuple(fc.constantFrom(...HOSTILE_CONTENT_TYPES), fc.constantFrom(...HOSTILE_HEADERS))
    .map(([contentType, extra]) => ({ ...base, ...extra, 'content-type': contentType ?? '' }));
  return { valid, hostile };
}

/** JSON bodies say so, unless a hostile case chose another content type (or none: an empty value). */
function withContentType(headers: Record<string, string>, body: string | undefined): Record<string, string> {
  const { 'content-type': contentType, ...rest } = headers;
  if (contentType === '') return rest;
  return body === undefined && contentType === undefined ? rest : { ...rest, 'content-type': contentType ?? 'application/json' };
}

/** A query object of the contracts' shape (lists of strings, `metadata` grouped) as a query string. */
export function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === 'metadata' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, values] of Object.entries(value)) for (const v of [values].flat()) pairs.push(`metadata[${escape(name)}]=${escape(String(v))}`);
      continue;
    }
    for (const v of [value].flat()) if (v !== undefined) pairs.push(`${escape(key)}=${escape(String(v))}`);
  }
  return pairs.join('&');
}

/** `encodeURIComponent`, except that a lone surrogate (which it refuses) is sent as its raw UTF-8-style bytes. */
function escape(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((c) => (c.length === 1 && /[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}
