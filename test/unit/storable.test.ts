// What the input boundary refuses, and where it says the offender is.
import { MAX_JSON_DEPTH, assertStorable } from '../../src/app/http/storable';
import { RequestValidationError } from '../../src/kernel/errors';

const refusal = (value: unknown) => {
  try {
    assertStorable(value, ['body']);
  } catch (error) {
    if (error instanceof RequestValidationError) return (error.detail as { loc: unknown; type: string }[])[0];
    throw error;
  }
  return null;
};

test.each([
  [
    'a NUL in a nested value',
    { events: [{ name: 'ok' }, { metadata: { k: 'a\u0000b' } }] },
    ['body', 'events', 1, 'metadata', 'k'],
    'string_nul',
  ],
  [
    'a lone surrogate in a key',
    { events: [{ metadata: { ['\ud800']: 1 } }] },
    ['body', 'events', 0, 'metadata'],
    'string_unicode',
  ],
  ['an unsafe integer at the top', { n: 2 ** 53 }, ['body', 'n'], 'int_unsafe'],
  ['a NUL as the whole body', '\u0000', ['body'], 'string_nul'],
])('%s', (_, value, loc, type) => {
  expect(refusal(value)).toMatchObject({ loc, type });
});

test(`JSON nested ${MAX_JSON_DEPTH} levels passes, one more is refused at the root`, () => {
  const nest = (levels: number): unknown => (levels === 0 ? 1 : { a: nest(levels - 1) });
  expect(refusal(nest(MAX_JSON_DEPTH))).toBeNull();
  expect(refusal(nest(MAX_JSON_DEPTH + 1))).toMatchObject({ loc: ['body'], type: 'json_too_deep' });
});
