import { truncate } from '../../src/kernel/text';

test.each([
  ['short text is kept', 'abc', 5, 'abc'],
  ['long text is cut', 'abcdef', 4, 'abcd'],
  ['a cut between two emoji keeps the first whole', '😀😀', 2, '😀'],
  ['a cut inside an emoji drops its lone half', '😀😀', 3, '😀'],
  ['a cut right after a low surrogate is fine', 'a😀b', 3, 'a😀'],
])('%s', (_name, text, max, expected) => {
  const cut = truncate(text, max);
  expect(cut).toBe(expected);
  expect(/\p{Surrogate}/u.test(cut)).toBe(false);
});
