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
import { arbitraryOf, isUrlField, type GenerationHints } from './zod-arbitrary';

export type CaseKind =
  | 'valid'
  | 'hostile path'
  | 'hostile query'
  | 'hostile body'
  | 'hostile headers'
  | 'twice at once'
  | 'NUL'
  | 'CR/LF'
  | 'replayed key';

export interface FuzzCase {
  kind: CaseKind;
  request: RawRequest;
  /** Why the answer must be a refusal (4xx), when it must. */
  mustRefuse?: string;
}

export interface CaseContext {
  /** Whose requests these are: its organization token (organization routes), its main customer's (portal routes). */
  tenant: Tenant;
  /** Ids of another organization and of the other environment. */
  foreignIds: string[];
  /** Every field name of every contract, for extra keys and stray query parameters. */
  fieldNames: string[];
}

/**
 * The kinds of case a route gets (each the same number of times, so the cost is linear in the routes): a NUL and a
 * CR/LF in one of its parts for every route, and a key replayed for every create.
 */
export function caseKinds(route: RouteDefinition): CaseKind[] {
  const write = route.method !== 'get';
  return [
    'valid',
    ...(route.path.includes(':') ? (['hostile path'] as const) : []),
    'hostile query',
    // fetch sends no body with a GET
    ...(write ? (['hostile body', 'twice at once'] as const) : []),
    'hostile headers',
    'NUL',
    'CR/LF',
    ...(isCreate(route) ? (['replayed key'] as const) : []),
  ];
}

/** A create (201) with an organization token: it honours `X-Idempotency-Key`, as every create must. */
export const isCreate = (route: RouteDefinition) =>
  route.method === 'post' && route.status === 201 && route.audience === 'organization';

export function caseArbitrary(route: RouteDefinition, ctx: CaseContext, kind: CaseKind): fc.Arbitrary<FuzzCase> {
  const hints: GenerationHints = { ids: allIds(ctx.tenant), organizationId: ctx.tenant.id };
  const parts = {
    path: pathArbitrary(route, ctx, hints),
    query: queryArbitrary(route, hints, ctx.fieldNames),
    body: bodyArbitrary(route, hints, ctx.fieldNames),
    headers: headersArbitrary(route, ctx),
  };
  const hostile = (
    {
      'hostile path': 'path',
      'hostile query': 'query',
      'hostile body': 'body',
      'hostile headers': 'headers',
    } as const
  )[kind as string] as keyof typeof parts | undefined;
  const request = fc.record({
    path: hostile === 'path' ? parts.path.hostile : parts.path.valid,
    query: hostile === 'query' ? parts.query.hostile : parts.query.valid,
    body: hostile === 'body' ? parts.body.hostile : parts.body.valid,
    headers: hostile === 'headers' ? parts.headers.hostile : parts.headers.valid,
  });
  const control = kind === 'NUL' ? '\u0000' : kind === 'CR/LF' ? '\r\n' : undefined;
  const sent: fc.Arbitrary<Parts> = control
    ? fc.tuple(request, fc.nat()).map(([parts, pick]) => withControl(route, parts, control, pick, ctx.fieldNames))
    : kind === 'replayed key'
      ? fc
          .tuple(request, fc.uuid())
          .map(([parts, key]) => ({ ...parts, headers: { ...parts.headers, 'x-idempotency-key': key } }))
      : request;
  return sent.map(({ path, query, body, headers, mustRefuse }) => ({
    kind,
    mustRefuse,
    request: {
      environment: ctx.tenant.environment,
      method: route.method.toUpperCase(),
      url: query ? `${path}?${query}` : path,
      headers: withContentType(headers, body),
      body,
    },
  }));
}

interface Parts {
  path: string;
  query: string;
  body: string | undefined;
  headers: Record<string, string>;
  mustRefuse?: string;
}

/**
 * `control` (a NUL, or CR/LF) inside one part of a valid request: a path parameter, a query parameter of the route
 * (or a stray one), or a field of the body. A URL field gets it inside a valid URL, which must then be refused: stored,
 * it would be rewritten, or carry a header injection to whoever follows it.
 */
function withControl(route: RouteDefinition, parts: Parts, control: string, pick: number, fieldNames: string[]): Parts {
  const escaped = encodeURIComponent(`a${control}b`);
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const queryKeys = route.query ? Object.keys((route.query as z.ZodObject).shape ?? {}) : [];
  const bodyKeys = route.body ? Object.keys((route.body as z.ZodObject).shape ?? {}) : [];
  const template = route.path.split('/');
  const slots = [
    ...params.map((name) => (): Parts => ({
      ...parts,
      path: parts.path
        .split('/')
        .map((segment, i) => (template[i] === `:${name}` ? escaped : segment))
        .join('/'),
    })),
    ...queryKeys.map((key) => (): Parts => ({
      ...parts,
      query: [parts.query, `${key}=${escaped}`].filter(Boolean).join('&'),
    })),
    ...(route.method !== 'get' ? (bodyKeys.length ? bodyKeys : fieldNames.slice(0, 1)) : []).map((key) => (): Parts => {
      const parsed: unknown = parts.body === undefined ? {} : JSON.parse(parts.body);
      const body = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
      const shape = ((route.body as z.ZodObject | undefined)?.shape ?? {}) as Record<string, z.ZodType>;
      if (shape[key] && isUrlField(shape[key]))
        return {
          ...parts,
          body: JSON.stringify({ ...body, [key]: `https://example.com/a${control}b` }),
          mustRefuse: `a URL holding ${JSON.stringify(control)}`,
        };
      return { ...parts, body: JSON.stringify({ ...body, [key]: `a${control}b` }) };
    }),
  ];
  if (!slots.length) return { ...parts, query: `q=${escaped}` };
  return slots[pick % slots.length]();
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
    const own = RESOURCE_PARAMS.has(name)
      ? (ctx.tenant.ids.get(collectionOf(route.path)) ?? [])
      : name === 'client_secret'
        ? ctx.tenant.clientSecrets
        : [];
    const generated = (shape[name] ? arbitraryOf(shape[name], hints) : fc.string({ minLength: 1 })).map(String);
    return (
      own.length
        ? fc.oneof({ arbitrary: fc.constantFrom(...own), weight: 3 }, { arbitrary: generated, weight: 1 })
        : generated
    ).map(escape);
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
  const valid = route.query
    ? arbitraryOf(route.query, hints).map((query) => queryString(query as Record<string, unknown>))
    : fc.constant('');
  const keys = route.query ? Object.keys((route.query as z.ZodObject).shape ?? {}) : [];
  const stray = fc.oneof(
    fc.constantFrom(...HOSTILE_QUERY),
    fc
      .tuple(fc.constantFrom(...keys, ...fieldNames), fc.constantFrom(...HOSTILE_STRINGS))
      .map(([key, value]) => `${key}=${escape(value)}`),
  );
  const hostile = fc
    .tuple(valid, fc.array(stray, { minLength: 1, maxLength: 3 }))
    .map(([query, extra]) => [query, ...extra].filter(Boolean).join('&'));
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
    hostile: fc.oneof(
      { arbitrary: mutated(valid, fieldNames).map((body) => JSON.stringify(body) ?? 'null'), weight: 3 },
      { arbitrary: stray, weight: 1 },
    ),
  };
}

function headersArbitrary(route: RouteDefinition, ctx: CaseContext): Part<Record<string, string>> {
  // The organization's token on its routes, its main customer's session token on the portal's, none on public ones.
  const token = tokenOf(ctx.tenant, route.audience);
  const base: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const valid = route.idempotent
    ? fc.option(fc.uuid(), { freq: 2 }).map((key) => (key ? { ...base, 'x-idempotency-key': key } : base))
    : fc.constant(base);
  const hostile = fc
    .tuple(fc.constantFrom(...HOSTILE_CONTENT_TYPES), fc.constantFrom(...HOSTILE_HEADERS))
    .map(([contentType, extra]) => ({ ...base, ...extra, 'content-type': contentType ?? '' }));
  return { valid, hostile };
}

/** JSON bodies say so, unless a hostile case chose another content type (or none: an empty value). */
function withContentType(headers: Record<string, string>, body: string | undefined): Record<string, string> {
  const { 'content-type': contentType, ...rest } = headers;
  if (contentType === '') return rest;
  return body === undefined && contentType === undefined
    ? rest
    : { ...rest, 'content-type': contentType ?? 'application/json' };
}

/** A query object of the contracts' shape (lists of strings, `metadata` grouped) as a query string. */
export function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === 'metadata' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, values] of Object.entries(value))
        for (const v of [values].flat()) pairs.push(`metadata[${escape(name)}]=${escape(String(v))}`);
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
    return [...text]
      .map((c) => (c.length === 1 && /[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}
