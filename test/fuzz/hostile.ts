// What a careless or malicious client sends: wrong types, out-of-range numbers, strings PostgreSQL or a URL parser
// chokes on, extra keys, deep and huge structures — and the odd path segments, query strings and headers.
import fc from 'fast-check';

const nested = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : { a: nested(depth - 1, leaf) });

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\ud800', // a lone surrogate: valid in JSON, not in UTF-8
  'a\udfffb',
  '\u0000',
  'x\u0000y',
  '\u202eevil\u202c', // right-to-left override
  '😀👩‍👩‍👧‍👦',
  '😀'.repeat(300), // astral characters past every length limit: a cut must not split one
  '\ufeff',
  'Ω≈ç√∫˜µ≤≥÷',
  'a'.repeat(70_000),
  '0',
  '-1',
  'null',
  'true',
  '1e999',
  '2147483648',
  '9007199254740993',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '%ED%A0%80',
  '{{7*7}}',
  '00000000-0000-0000-0000-000000000000',
];

export const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.000001,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  5e-324,
  [],
  {},
  [null],
  [[[]]],
  JSON.parse('{"__proto__": {"polluted": true}}'),
  Array.from({ length: 5_000 }, () => 0),
  Array.from({ length: 200 }, (_, i) => ({ [`k${i}`]: 'v' })),
  nested(31, 'deep'),
  nested(200, 'deeper'),
];

/** Bodies that are not the JSON they claim to be, or JSON that JavaScript cannot represent faithfully. */
export const HOSTILE_RAW_BODIES = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"just a string"',
  '42',
  '{"amount": 1e400}',
  '{"amount": 123456789012345678901234567890}',
  '{"name": "\\ud800"}',
  '{"name": "\\u0000"}',
  '{"a":1,"a":2}',
  '{"__proto__": {"admin": true}}',
  '\ufeff{}',
  '{} trailing',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  'x'.repeat(1_000_001), // beyond BODY_LIMIT_BYTES
];

/** Path segments sent as they are (already escaped or deliberately malformed). */
export const HOSTILE_SEGMENTS = [
  'not-a-uuid',
  '%20',
  '..',
  '%2e%2e',
  '%2F',
  '%00',
  '%ED%A0%80',
  '%zz',
  '%',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'a'.repeat(5_000),
  '1',
  '2147483648',
  'null',
  'undefined',
  'export',
  encodeURIComponent('😀'),
  encodeURIComponent('\u202e'),
];

/** Query-string fragments sent as they are. */
export const HOSTILE_QUERY = [
  'limit=1&limit=abc',
  'page=2147483648',
  'page=-1',
  'page=1e3',
  'page=',
  'limit=0',
  'limit=101',
  'a[b]=c',
  'metadata[]=x',
  'metadata=x',
  'metadata[k]=',
  `metadata[${'k'.repeat(50)}]=v`,
  'metadata[a][b]=c',
  'metadata[constructor]=x',
  'metadata[__proto__]=x',
  'toString=x',
  '__proto__=x',
  'sorting=-',
  'sorting=nope',
  '%zz=1',
  'x=%E0%A4%A',
  'query=%00',
  '%00=x',
  'query=%ED%A0%80',
  `query=${'q'.repeat(5_000)}`,
  `customer_name=${encodeURIComponent('😀'.repeat(300))}`,
  `utm_source=${encodeURIComponent('😀'.repeat(300))}`,
  '&&&',
  '=',
  '==&=',
];

/** Content types other than plain `application/json`, and headers with oversized or odd values. */
export const HOSTILE_CONTENT_TYPES = [
  null,
  'application/json; charset=utf-8',
  'application/json;charset=UTF-16',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'application/problem+json',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json, text/plain',
  ';;;',
];

export const HOSTILE_HEADERS: Record<string, string>[] = [
  { 'x-idempotency-key': 'k'.repeat(256) },
  { 'x-idempotency-key': 'k'.repeat(8_000) },
  { 'x-idempotency-key': 'clé\u00e9' },
  { 'x-idempotency-key': ' ' },
  { accept: 'application/problem+json' },
  { accept: 'text/html' },
  { 'x-forwarded-for': '1.1.1.1, 999.999.999.999' },
];

/** A value with one hostile change at a random place: replaced, an extra key added, or a key removed. */
export function mutated(valid: fc.Arbitrary<unknown>, extraKeys: readonly string[]): fc.Arbitrary<unknown> {
  return fc
    .record({
      value: valid,
      at: fc.nat(),
      how: fc.constantFrom('replace', 'add', 'remove'),
      hostile: fc.constantFrom(...HOSTILE_VALUES),
      key: fc.constantFrom(...extraKeys, '__proto__', 'constructor', '', 'k'.repeat(300)),
    })
    .map(({ value, at, how, hostile, key }) => mutate(structuredClone(value), at, how, hostile, key));
}

function mutate(root: unknown, at: number, how: string, hostile: unknown, key: string): unknown {
  const containers = [...walk(root)];
  if (containers.length === 0) return hostile;
  const target = containers[at % containers.length];
  const keys = Object.keys(target);
  if (how === 'add' && !Array.isArray(target)) {
    Object.defineProperty(target, key, { value: hostile, enumerable: true, configurable: true, writable: true });
  } else if (how === 'remove' && keys.length) {
    delete (target as Record<string, unknown>)[keys[at % keys.length]];
  } else if (keys.length) {
    (target as Record<string, unknown>)[keys[at % keys.length]] = hostile;
  } else {
    return hostile;
  }
  return root;
}

function* walk(value: unknown): Generator<object> {
  if (typeof value !== 'object' || value === null) return;
  yield value;
  for (const child of Object.values(value)) yield* walk(child);
}
