// The S3 storage adapter end to end against a real S3-compatible server (gofakes3, built by ./run from the Go
// module proxy): presigned multipart upload, completion with checksum verification, presigned download.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from '../support/free-port';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { sha256Base64, upload } from '../support/upload';

let s3: ChildProcess;
let h: TestHarness;
let org: { id: string; token: string };

beforeAll(async () => {
  const binary = process.env.GOFAKES3_PATH;
  if (!binary) throw new Error('GOFAKES3_PATH is not set: run the suite with ./run test, which builds gofakes3');
  const port = await freePort();
  s3 = spawn(binary, ['-backend', 'memory', '-initialbucket', 'bursar-test', '-host', `127.0.0.1:${port}`, '-quiet'], {
    stdio: 'ignore',
  });
  await eventually(() =>
    fetch(`http://127.0.0.1:${port}/bursar-test`).then(
      (r) => r.status < 500,
      () => false,
    ),
  );
  h = await startHarness({
    S3_BUCKET: 'bursar-test',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test-secret',
  });
  org = await h.organization(['files:read', 'files:write']);
});
afterAll(async () => {
  await h?.close();
  s3?.kill();
});

test('a multi-part upload to S3 is completed, verified and downloaded with its checksum', async () => {
  const data = randomBytes(5 * 1024 * 1024 + 100); // S3 parts are at least 5 MiB, except the last
  const done = await upload(h, org.token, data, { partSize: 5 * 1024 * 1024 });
  expect(done.status).toBe(200);
  expect(done.body).toMatchObject({
    is_uploaded: true,
    size: data.length,
    checksum_sha256_base64: sha256Base64(data),
    size_readable: '5 MB',
  });

  const link = await h.request('GET', `/v1/files/${done.body.id}/download`, { token: org.token });
  expect(link.body.download.url).toContain('X-Amz-Signature');
  const downloaded = Buffer.from(await (await fetch(link.body.download.url)).arrayBuffer());
  expect(sha256Base64(downloaded)).toBe(sha256Base64(data));
});

test('a checksum mismatch against S3 is rejected and the object discarded', async () => {
  const data = randomBytes(64);
  const response = await upload(h, org.token, data, {
    partSize: 64,
    declaredSha256: sha256Base64(Buffer.from('other')),
  });
  expect(response.status).toBe(422);
  expect(response.body.detail[0].type).toBe('checksum_mismatch');
});

test('an object the server puts is downloaded through a presigned URL with its type, and putting it again replaces it', async () => {
  const storage = h.env.production.storage;
  const key = `private/production/${org.id}/invoices/Invoice-TEST-0001.pdf`;
  await storage.put(key, Buffer.from('%PDF-1.7 first'), 'application/pdf');
  const second = Buffer.from('%PDF-1.7 regenerated with the new billing address');
  await storage.put(key, second, 'application/pdf');

  const { url } = await storage.presignDownload(key, 'Invoice-TEST-0001.pdf', 60);
  expect(url).toContain('X-Amz-Signature');
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await response.arrayBuffer())).toEqual(second);
});

test('product media get a public URL in the bucket', async () => {
  const media = await upload(h, org.token, Buffer.from('image'), {
    service: 'product_media',
    name: 'logo.png',
    partSize: 5,
  });
  expect(media.body.public_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/bursar-test\/public\/production\//);
  expect(await (await fetch(media.body.public_url)).text()).toBe('image');
});
