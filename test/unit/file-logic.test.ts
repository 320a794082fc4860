import { objectKey, partIssues, readableSize } from '../../src/domains/file/file.logic';

test.each([
  [0, '0 B'],
  [1023, '1023 B'],
  [1024, '1 KB'],
  [1536, '1.5 KB'],
  [10 * 1024 + 600, '11 KB'],
  [5 * 1024 * 1024 + 100, '5 MB'],
  [3.25 * 1024 ** 3, '3.3 GB'],
])('%i bytes read as %s', (bytes, text) => {
  expect(readableSize(bytes)).toBe(text);
});

test.each([
  ['one part covering the file', [{ number: 1, chunk_start: 0, chunk_end: 10 }], 10, []],
  [
    'three contiguous parts',
    [
      { number: 1, chunk_start: 0, chunk_end: 4 },
      { number: 2, chunk_start: 4, chunk_end: 8 },
      { number: 3, chunk_start: 8, chunk_end: 10 },
    ],
    10,
    [],
  ],
  [
    'an overlap',
    [
      { number: 1, chunk_start: 0, chunk_end: 6 },
      { number: 2, chunk_start: 4, chunk_end: 10 },
    ],
    10,
    [['body', 'upload', 'parts', 1, 'chunk_start']],
  ],
  ['a part past the end', [{ number: 1, chunk_start: 0, chunk_end: 12 }], 10, [['body', 'upload', 'parts']]],
  [
    'an empty part',
    [
      { number: 1, chunk_start: 0, chunk_end: 0 },
      { number: 2, chunk_start: 0, chunk_end: 10 },
    ],
    10,
    [['body', 'upload', 'parts', 0, 'chunk_end']],
  ],
  [
    'a skipped number',
    [
      { number: 1, chunk_start: 0, chunk_end: 5 },
      { number: 3, chunk_start: 5, chunk_end: 10 },
    ],
    10,
    [['body', 'upload', 'parts', 1, 'number']],
  ],
])('%s', (_name, parts, size, locs) => {
  expect(partIssues(parts, size).map((i) => i.loc)).toEqual(locs);
});

test('object keys separate visibility, environment and organization, and never trust the file name', () => {
  expect(objectKey(true, 'sandbox', 'org', 'file', 'Cover Art.png')).toBe('public/sandbox/org/file/Cover_Art.png');
  for (const hostile of ['../../etc/passwd', 'a..b.zip', '..', '.hidden']) {
    const key = objectKey(false, 'production', 'org', 'file', hostile);
    expect(key).toMatch(/^private\/production\/org\/file\/[\w.-]+$/);
    expect(key).not.toContain('..');
    expect(key.split('/').at(-1)).not.toMatch(/^\./);
  }
  expect(objectKey(false, 'production', 'org', 'file', '')).toBe('private/production/org/file/file');
});
