// Files through HTTP on local-disk storage: multipart upload to presigned URLs, checksums, size limit, downloads,
// signatures, deletion rules and isolation.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FileRead } from '../../src/contracts/file';
import { FileUpload } from '../../src/contracts/file-upload';
import { startHarness, type TestHarness } from '../support/harness';
import { sha256Base64, upload, uploadParts } from '../support/upload';
import { legacy } from '../support/versioned-contract';

let h: TestHarness;
let org: { id: string; token: string };

beforeAll(async () => {
  h = await startHarness({ FILE_MAX_SIZE_BYTES: '1000' });
  org = await h.organization(['files:read', 'files:write', 'benefits:write', 'products:write']);
});
afterAll(() => h.close());

test('a multi-part upload is completed and downloaded with its checksum', async () => {
  const data = randomBytes(23);
  const { created, completion } = await uploadParts(h, org.token, data, { partSize: 10 });
  expect(legacy(FileUpload).parse(created)).toBeTruthy();
  expect(
    created.upload.parts.map((p: { chunk_start: number; chunk_end: number }) => [p.chunk_start, p.chunk_end]),
  ).toEqual([
    [0, 10],
    [10, 20],
    [20, 23],
  ]);
  expect(created.is_uploaded).toBe(false);

  const done = await h.request('POST', `/v1/files/${created.id}/uploaded`, { token: org.token, json: completion });
  expect(done.status).toBe(200);
  expect(legacy(FileRead).parse(done.body)).toBeTruthy();
  expect(done.body).toMatchObject({
    service: 'downloadable',
    is_uploaded: true,
    size: 23,
    size_readable: '23 B',
    checksum_sha256_base64: sha256Base64(data),
    checksum_sha256_hex: createHash('sha256').update(data).digest('hex'),
  });

  const link = await h.request('GET', `/v1/files/${created.id}/download`, { token: org.token });
  expect(link.status).toBe(200);
  const downloaded = await fetch(link.body.download.url);
  expect(downloaded.status).toBe(200);
  const bytes = Buffer.from(await downloaded.arrayBuffer());
  expect(sha256Base64(bytes)).toBe(done.body.checksum_sha256_base64);
  expect(downloaded.headers.get('content-disposition')).toContain('manual.pdf');

  const again = await h.request('POST', `/v1/files/${created.id}/uploaded`, { token: org.token, json: completion });
  expect(again.status).toBe(403);
});

test('a checksum mismatch is rejected and the file stays not uploaded', async () => {
  const data = randomBytes(12);
  const response = await upload(h, org.token, data, { declaredSha256: sha256Base64(Buffer.from('something else')) });
  expect(response.status).toBe(422);
  expect(response.body.detail[0]).toMatchObject({ type: 'checksum_mismatch' });
  const listed = await h.request('GET', '/v1/files/', { token: org.token });
  expect(listed.body.items.filter((f: { is_uploaded: boolean }) => !f.is_uploaded).length).toBeGreaterThanOrEqual(1);
});

test('a part whose bytes do not match its declared checksum is refused by storage', async () => {
  const data = randomBytes(8);
  const created = await h.request('POST', '/v1/files/', {
    token: org.token,
    json: {
      service: 'downloadable',
      name: 'a.bin',
      mime_type: 'application/octet-stream',
      size: 8,
      upload: {
        parts: [{ number: 1, chunk_start: 0, chunk_end: 8, checksum_sha256_base64: sha256Base64(Buffer.alloc(8)) }],
      },
    },
  });
  const put = await fetch(created.body.upload.parts[0].url, { method: 'PUT', body: data });
  expect(put.status).toBe(400);
  const tooBig = await fetch(created.body.upload.parts[0].url, { method: 'PUT', body: randomBytes(9) });
  expect(tooBig.status).toBe(413);
});

test('an oversized upload is rejected before anything is stored', async () => {
  const response = await h.request('POST', '/v1/files/', {
    token: org.token,
    json: {
      service: 'downloadable',
      name: 'big.iso',
      mime_type: 'application/octet-stream',
      size: 1001,
      upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 1001 }] },
    },
  });
  expect(response.status).toBe(422);
  expect(response.body.detail[0]).toMatchObject({ loc: ['body', 'size'], type: 'file_too_large' });
});

test.each([
  [
    'parts that leave a gap',
    [
      { number: 1, chunk_start: 0, chunk_end: 4 },
      { number: 2, chunk_start: 5, chunk_end: 10 },
    ],
    ['body', 'upload', 'parts', 1, 'chunk_start'],
  ],
  ['parts that fall short of the size', [{ number: 1, chunk_start: 0, chunk_end: 4 }], ['body', 'upload', 'parts']],
  ['parts out of order', [{ number: 2, chunk_start: 0, chunk_end: 10 }], ['body', 'upload', 'parts', 0, 'number']],
])('%s are a 422', async (_name, parts, loc) => {
  const response = await h.request('POST', '/v1/files/', {
    token: org.token,
    json: { service: 'downloadable', name: 'x', mime_type: 'text/plain', size: 10, upload: { parts } },
  });
  expect(response.status).toBe(422);
  expect(response.body.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
});

test('a part URL used again after the upload completed is a 404 and leaves nothing behind', async () => {
  const data = randomBytes(14);
  const { created, completion } = await uploadParts(h, org.token, data, { partSize: 7 });
  expect(
    (await h.request('POST', `/v1/files/${created.id}/uploaded`, { token: org.token, json: completion })).status,
  ).toBe(200);
  const uploadDir = join(h.config.DATA_DIR, 'files', 'production', 'uploads', created.upload.id);
  expect(existsSync(uploadDir)).toBe(false);

  const again = await fetch(created.upload.parts[1].url, {
    method: 'PUT',
    body: data.subarray(7),
    headers: created.upload.parts[1].headers ?? {},
  });
  expect(again.status).toBe(404);
  expect(again.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await again.json()).toMatchObject({
    type: 'urn:bursar:error:resource-not-found',
    error: 'ResourceNotFound',
    status: 404,
    detail: 'No such upload: it was completed or abandoned',
    request_id: expect.any(String),
  });
  expect(existsSync(uploadDir)).toBe(false);
  const link = await h.request('GET', `/v1/files/${created.id}/download`, { token: org.token });
  expect(sha256Base64(Buffer.from(await (await fetch(link.body.download.url)).arrayBuffer()))).toBe(sha256Base64(data));
});

test('presigned URLs cannot be forged or reused for other parts', async () => {
  const created = await h.request('POST', '/v1/files/', {
    token: org.token,
    json: {
      service: 'downloadable',
      name: 'x',
      mime_type: 'text/plain',
      size: 4,
      upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 4 }] },
    },
  });
  const url = new URL(created.body.upload.parts[0].url);
  url.searchParams.set('size', '400');
  expect((await fetch(url, { method: 'PUT', body: 'abcd' })).status).toBe(403);
  const other = new URL(created.body.upload.parts[0].url);
  other.pathname = other.pathname.replace(/parts\/1$/, 'parts/2');
  expect((await fetch(other, { method: 'PUT', body: 'abcd' })).status).toBe(403);
  const completion = await h.request('POST', `/v1/files/${created.body.id}/uploaded`, {
    token: org.token,
    json: {
      id: created.body.upload.id,
      path: created.body.upload.path,
      parts: [{ number: 1, checksum_etag: '"nope"', checksum_sha256_base64: null }],
    },
  });
  expect(completion.status).toBe(422);
  expect(completion.body.detail[0].msg).toMatch(/never uploaded/);
});

test('product media are public; files in use cannot be deleted; deletion answers 200 with an empty body', async () => {
  const media = await upload(h, org.token, Buffer.from('png-bytes'), { service: 'product_media', name: 'cover.png' });
  expect(media.body.public_url).toMatch(/\/storage\/public\/public\//);
  expect(await (await fetch(media.body.public_url)).text()).toBe('png-bytes');
  const product = await h.request('POST', '/v1/products/', {
    token: org.token,
    json: { name: 'Poster', prices: [{ amount_type: 'fixed', price_amount: 900 }], medias: [media.body.id] },
  });
  expect(product.body.medias).toEqual([media.body]);

  const file = await upload(h, org.token, Buffer.from('zip-bytes'), { name: 'bundle.zip' });
  const benefit = await h.request('POST', '/v1/benefits/', {
    token: org.token,
    json: { type: 'downloadables', description: 'The bundle', properties: { files: [file.body.id] } },
  });
  expect(benefit.status).toBe(201);
  expect(benefit.body.properties).toEqual({ files: [file.body.id], archived: {} });

  expect((await h.request('DELETE', `/v1/files/${file.body.id}`, { token: org.token })).status).toBe(403);
  expect((await h.request('DELETE', `/v1/files/${media.body.id}`, { token: org.token })).status).toBe(403);
  await h.request('DELETE', `/v1/benefits/${benefit.body.id}`, { token: org.token });
  const deleted = await fetch(`${h.url.production}/v1/files/${file.body.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${org.token}` },
  });
  expect([deleted.status, deleted.headers.get('content-type'), await deleted.text()]).toEqual([204, null, '']);
  expect((await h.request('GET', `/v1/files/${file.body.id}/download`, { token: org.token })).status).toBe(404);
});

test('a media file must be an uploaded product_media file of the organization', async () => {
  const downloadable = await upload(h, org.token, Buffer.from('abc'));
  const response = await h.request('POST', '/v1/products/', {
    token: org.token,
    json: { name: 'Poster', prices: [{ amount_type: 'fixed', price_amount: 900 }], medias: [downloadable.body.id] },
  });
  expect(response.status).toBe(422);
  expect(response.body.detail[0].loc).toEqual(['body', 'medias', 0]);
});

test('rename, list by ids; other organizations get 404', async () => {
  const file = await upload(h, org.token, Buffer.from('hello'));
  const renamed = await h.request('PATCH', `/v1/files/${file.body.id}`, {
    token: org.token,
    json: { name: 'hello.txt', version: '2' },
  });
  expect(renamed.body).toMatchObject({ name: 'hello.txt', version: '2' });
  expect(
    (await h.request('GET', `/v1/files/?ids=${file.body.id}`, { token: org.token })).body.items.map(
      (f: { id: string }) => f.id,
    ),
  ).toEqual([file.body.id]);

  const other = await h.organization(['files:read', 'files:write', 'benefits:write']);
  expect(
    (await h.request('PATCH', `/v1/files/${file.body.id}`, { token: other.token, json: { name: 'x' } })).status,
  ).toBe(404);
  expect((await h.request('DELETE', `/v1/files/${file.body.id}`, { token: other.token })).status).toBe(404);
  expect((await h.request('GET', `/v1/files/${file.body.id}/download`, { token: other.token })).status).toBe(404);
  expect((await h.request('GET', `/v1/files/?ids=${file.body.id}`, { token: other.token })).body.items).toEqual([]);
  const theft = await h.request('POST', '/v1/benefits/', {
    token: other.token,
    json: { type: 'downloadables', description: 'Stolen', properties: { files: [file.body.id] } },
  });
  expect(theft.status).toBe(422);
});

test('a file named in any script (or with control characters) downloads under its own name', async () => {
  const name = '文件 😀\u0001.txt';
  const done = await upload(h, org.token, randomBytes(8), { name });
  expect(done.status).toBe(200);
  const link = await h.request('GET', `/v1/files/${done.body.id}/download`, { token: org.token });
  const downloaded = await fetch(link.body.download.url);
  expect(downloaded.status).toBe(200);
  const disposition = downloaded.headers.get('content-disposition')!;
  expect(disposition).toMatch(/^attachment; filename="[^"]*\.txt"; /);
  expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
});

test('stored bytes are served with X-Content-Type-Options: nosniff (downloads, public media), as is every other answer', async () => {
  const file = await upload(h, org.token, Buffer.from('<html><script>alert(1)</script></html>'), { name: 'page.html' });
  const link = await h.request('GET', `/v1/files/${file.body.id}/download`, { token: org.token });
  expect(link.headers.get('x-content-type-options')).toBe('nosniff');
  const downloaded = await fetch(link.body.download.url);
  expect([downloaded.status, downloaded.headers.get('x-content-type-options')]).toEqual([200, 'nosniff']);
  const media = await upload(h, org.token, Buffer.from('<svg onload="alert(1)"/>'), {
    service: 'product_media',
    name: 'cover.png',
  });
  const served = await fetch(media.body.public_url);
  expect([served.status, served.headers.get('x-content-type-options')]).toEqual([200, 'nosniff']);
  const forged = await fetch(`${link.body.download.url}x`);
  expect([forged.status, forged.headers.get('x-content-type-options')]).toEqual([403, 'nosniff']);
});
