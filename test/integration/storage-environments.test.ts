// Local-disk storage keeps the environments apart: each signs its URLs with its own key and keeps its files in its own
// folder, so URLs one environment presigned are refused by the other's listener; files stored under the old shared
// folder are taken back by the environment their key names.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Environment } from '../../src/platform/config';
import { deriveKey } from '../../src/platform/crypto/derived-key';
import { openSecret } from '../../src/platform/crypto/sealed-secret';
import { startHarness, type TestHarness } from '../support/harness';
import { upload } from '../support/upload';

const dataDir = join(tmpdir(), `bursar-test-${randomUUID()}`);
const legacy = {
  production: 'private/production/org-1/file-1/manual.pdf',
  sandbox: 'public/sandbox/org-2/file-2/cover.png',
};

let h: TestHarness;
const orgs = {} as Record<Environment, { id: string; token: string }>;

beforeAll(async () => {
  for (const [environment, key] of Object.entries(legacy)) {
    const path = join(dataDir, 'files', 'objects', key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `legacy ${environment}`);
  }
  h = await startHarness({ DATA_DIR: dataDir });
  for (const environment of ['production', 'sandbox'] as const)
    orgs[environment] = await h.organization(['files:read', 'files:write'], environment);
});
afterAll(() => h.close());

const other = (environment: Environment): Environment => (environment === 'production' ? 'sandbox' : 'production');

/** The same request sent to the other environment's listener. */
const onListenerOf = (environment: Environment, url: string) =>
  new URL(new URL(url).pathname + new URL(url).search, h.url[environment]);

const createFile = (environment: Environment, size: number) =>
  h.request('POST', '/v1/files/', {
    token: orgs[environment].token,
    environment,
    json: {
      service: 'downloadable',
      name: 'a.bin',
      mime_type: 'application/octet-stream',
      size,
      upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: size }] },
    },
  });

test.each(['production', 'sandbox'] as const)(
  'a part-upload URL presigned by %s is refused by the other listener and works on its own',
  async (environment) => {
    const data = randomBytes(6);
    const created = await createFile(environment, data.length);
    expect(created.status).toBe(201);
    const partUrl: string = created.body.upload.parts[0].url;
    expect(partUrl.startsWith(h.url[environment])).toBe(true);

    const foreign = await fetch(onListenerOf(other(environment), partUrl), { method: 'PUT', body: data });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: 'NotPermitted', status: 403, detail: 'Invalid signature' });
    expect(existsSync(join(dataDir, 'files', other(environment), 'uploads', created.body.upload.id))).toBe(false);

    const own = await fetch(partUrl, { method: 'PUT', body: data });
    expect(own.status).toBe(200);
  },
);

test.each(['production', 'sandbox'] as const)(
  'a download URL presigned by %s is refused by the other listener and works on its own',
  async (environment) => {
    const data = randomBytes(9);
    const uploaded = await upload(h, orgs[environment].token, data, { environment });
    expect(uploaded.status).toBe(200);
    const link = await h.request('GET', `/v1/files/${uploaded.body.id}/download`, {
      token: orgs[environment].token,
      environment,
    });
    const downloadUrl: string = link.body.download.url;

    const foreign = await fetch(onListenerOf(other(environment), downloadUrl));
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: 'NotPermitted', status: 403 });

    const own = await fetch(downloadUrl);
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer())).toEqual(data);
    expect(existsSync(join(dataDir, 'files', environment, 'objects', uploaded.body.path))).toBe(true);
    expect(existsSync(join(dataDir, 'files', other(environment), 'objects', uploaded.body.path))).toBe(false);
  },
);

test('an object the server puts is downloaded through a presigned URL as a PDF, and putting it again replaces it', async () => {
  const storage = h.env.sandbox.storage;
  const key = `private/sandbox/${orgs.sandbox.id}/invoices/Invoice-TEST-0001.pdf`;
  await storage.put(key, Buffer.from('%PDF-1.7 first'), 'application/pdf');
  const second = Buffer.from('%PDF-1.7 regenerated with the new billing address');
  await storage.put(key, second, 'application/pdf');

  const { url } = await storage.presignDownload(key, 'Invoice-TEST-0001.pdf', 60);
  expect(url.startsWith(`${h.url.sandbox}/storage/objects/`)).toBe(true);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe('attachment; filename="Invoice-TEST-0001.pdf"');
  expect(Buffer.from(await response.arrayBuffer())).toEqual(second);
  // The write went through a temporary file, renamed over the object: nothing else is left in the folder.
  expect(readdirSync(dirname(join(dataDir, 'files', 'sandbox', 'objects', key)))).toEqual(['Invoice-TEST-0001.pdf']);
  await expect(storage.put('private/../escape.pdf', second, 'application/pdf')).rejects.toThrow('Invalid object key');
});

test("a public object is served only by its own environment's listener", async () => {
  const media = await upload(h, orgs.sandbox.token, Buffer.from('png'), {
    environment: 'sandbox',
    service: 'product_media',
    name: 'cover.png',
  });
  expect((await fetch(media.body.public_url)).status).toBe(200);
  expect((await fetch(onListenerOf('production', media.body.public_url))).status).toBe(404);
});

test('objects under the old shared folder were moved into the folder of the environment their key names', async () => {
  for (const [environment, key] of Object.entries(legacy) as [Environment, string][]) {
    expect(existsSync(join(dataDir, 'files', 'objects', key))).toBe(false);
    expect(readFileSync(join(dataDir, 'files', environment, 'objects', key), 'utf8')).toBe(`legacy ${environment}`);
    const stream = await h.env[environment].storage.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(`legacy ${environment}`);
  }
  expect((await fetch(`${h.url.sandbox}/storage/public/${legacy.sandbox}`)).status).toBe(200);
});

test('keys derived from the server secret differ per environment and purpose; secrets sealed before still open', () => {
  const secret = 'server-secret-0123456789abcdef0123';
  const keys = ['storage:production', 'storage:sandbox', 'webhook-secrets'].map((purpose) =>
    deriveKey(secret, purpose).toString('hex'),
  );
  expect(new Set(keys).size).toBe(3);
  // Sealed by the code that derived the key inside sealed-secret.ts, before the derivation moved to derived-key.ts.
  expect(openSecret('92ZhVMfTcsiK8KLI.yNkoqmH5gjQ_Dm3xjp_IYQ.JOI0aZbZAOrWglVY', secret, 'webhook-secrets')).toBe(
    'whsec_legacy',
  );
});
