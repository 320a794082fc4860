// A downloadables benefit's files over real HTTP in the sandbox, granted by real purchases on a real worker: listed in
// the benefit's order, paginated, each with the downloads and downloaders its opened links counted; other benefits
// have none, another organization's benefit is not found.
import { BenefitDownloadableFileList } from '../../src/contracts/benefit-files';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { purchase } from '../support/purchases';
import { SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';
import { upload } from '../support/upload';

let h: TestHarness;
let call: Call;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  const org = await h.organization(
    [...SUBSCRIPTION_SCOPES, 'benefits:read', 'benefits:write', 'files:write', 'customer_sessions:write'],
    'sandbox',
  );
  token = org.token;
  call = (method, path, json, headers) => h.request(method, path, { token, environment: 'sandbox', json, headers });
});
afterAll(() => h.close());

async function file(name: string, contents: string): Promise<string> {
  const uploaded = await upload(h, token, Buffer.from(contents), { environment: 'sandbox', name });
  expect(uploaded.status).toBe(200);
  return uploaded.body.id;
}

/** A buyer's portal links to the product's files, by file id. */
async function buyer(productId: string): Promise<Map<string, string>> {
  const order = await purchase(h, call, { products: [productId], customer_billing_address: { country: 'DE' } });
  const session = await call('POST', '/v1/customer-sessions/', { customer_id: order.customer_id });
  const links = await eventually(async () => {
    const listed = await h.request('GET', '/v1/customer-portal/downloadables/', {
      token: session.body.token,
      environment: 'sandbox',
    });
    return listed.body.items.length === 2 && listed.body.items;
  }, 30_000);
  return new Map(links.map((d: any) => [d.file.id, d.file.download.url]));
}

const open = async (url: string) => expect((await fetch(url, { redirect: 'manual' })).status).toBe(307);

test("a benefit's files in its order, paginated, with their downloads and downloaders", async () => {
  const [manual, sample] = [await file('manual.pdf', 'the manual'), await file('sample.zip', 'a sample')];
  const benefit = await call('POST', '/v1/benefits/', {
    type: 'downloadables',
    description: 'Files',
    properties: { files: [manual, sample] },
  });
  expect(benefit.status).toBe(201);
  const product = await call('POST', '/v1/products/', {
    name: 'Files bundle',
    prices: [{ amount_type: 'fixed', price_amount: 500 }],
  });
  expect((await call('POST', `/v1/products/${product.body.id}/benefits`, { benefits: [benefit.body.id] })).status).toBe(
    200,
  );
  const before = await call('GET', `/v1/benefits/${benefit.body.id}/files`);
  expect(before.status).toBe(200);
  expect(BenefitDownloadableFileList.parse(before.body).items.map((f) => [f.id, f.downloads, f.downloaders])).toEqual([
    [manual, 0, 0],
    [sample, 0, 0],
  ]);

  const [ada, grace] = [await buyer(product.body.id), await buyer(product.body.id)];
  await open(ada.get(manual)!);
  await open(ada.get(manual)!);
  await open(grace.get(manual)!);
  await open(grace.get(sample)!);

  const first = await call('GET', `/v1/benefits/${benefit.body.id}/files?limit=1`);
  expect(first.body.pagination).toEqual({ total_count: 2, max_page: 2 });
  expect(first.body.items).toEqual([
    expect.objectContaining({
      id: manual,
      name: 'manual.pdf',
      service: 'downloadable',
      size: 10,
      downloads: 3,
      downloaders: 2,
    }),
  ]);
  const second = await call('GET', `/v1/benefits/${benefit.body.id}/files?limit=1&page=2`);
  expect(second.body.items).toEqual([expect.objectContaining({ id: sample, downloads: 1, downloaders: 1 })]);
  expect((await call('GET', `/v1/benefits/${benefit.body.id}/files?page=3&limit=1`)).body.items).toEqual([]);

  const keys = await call('POST', '/v1/benefits/', { type: 'license_keys', description: 'Keys', properties: {} });
  expect((await call('GET', `/v1/benefits/${keys.body.id}/files`)).body).toEqual({
    items: [],
    pagination: { total_count: 0, max_page: 0 },
  });
  const stranger = await h.organization(['benefits:read'], 'sandbox');
  const foreign = await h.request('GET', `/v1/benefits/${benefit.body.id}/files`, {
    token: stranger.token,
    environment: 'sandbox',
  });
  expect(foreign.status).toBe(404);
}, 120_000);
