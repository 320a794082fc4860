// The cluster stack's small parts: the round-robin proxy in front of the API replicas, and the Temporal server's
// configuration (ports, dynamic config from temporal.config.ts, shards, databases).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../src/app/cluster/round-robin-proxy';
import { freePort } from '../../src/app/cluster/ports';
import { temporalDatabases } from '../../src/app/cluster/cluster-stack';
import { dynamicConfig, portsFrom, serverConfig } from '../../src/app/cluster/temporal-cluster-config';
import { DEV_SERVER_DYNAMIC_CONFIG } from '../../temporal.config';

const servers: Server[] = [];
let proxy: RoundRobinProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function upstream(name: string): Promise<number> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': name });
      res.end(
        JSON.stringify({ name, method: req.method, url: req.url, body, forwardedFor: req.headers['x-forwarded-for'] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

test('the proxy hands requests to each replica in turn, with method, path, body, status and headers', async () => {
  proxy = await startRoundRobinProxy({
    host: '127.0.0.1',
    port: 0,
    upstreams: [await upstream('a'), await upstream('b')],
  });
  const answers: Array<Record<string, string>> = [];
  for (let i = 0; i < 4; i++) {
    const response = await fetch(`${proxy.url}/v1/things?page=${i}`, { method: 'POST', body: `body ${i}` });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-upstream')).toMatch(/^[ab]$/);
    answers.push((await response.json()) as Record<string, string>);
  }
  expect(answers.map((a) => a.name)).toEqual(['a', 'b', 'a', 'b']);
  expect(answers[3]).toMatchObject({
    method: 'POST',
    url: '/v1/things?page=3',
    body: 'body 3',
    forwardedFor: '127.0.0.1',
  });
  expect(proxy.served).toEqual([2, 2]);
});

test('a replica that refuses connections is skipped; none answering is a 502', async () => {
  const down = await freePort();
  proxy = await startRoundRobinProxy({ host: '127.0.0.1', port: 0, upstreams: [down, await upstream('up')] });
  for (let i = 0; i < 3; i++)
    expect(((await (await fetch(`${proxy.url}/healthz`)).json()) as { name: string }).name).toBe('up');
  expect(proxy.served).toEqual([0, 3]);
  await proxy.close();

  proxy = await startRoundRobinProxy({ host: '127.0.0.1', port: 0, upstreams: [down] });
  const response = await fetch(`${proxy.url}/healthz`);
  expect(response.status).toBe(502);
});

test('a POST to a replica that refuses connections goes to the next one with its body and X-Forwarded-For', async () => {
  proxy = await startRoundRobinProxy({
    host: '127.0.0.1',
    port: 0,
    upstreams: [await freePort(), await upstream('up')],
  });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const response = await fetch(`${proxy.url}/v1/things`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ i }),
    });
    statuses.push(response.status);
    expect(await response.json()).toMatchObject({
      name: 'up',
      body: JSON.stringify({ i }),
      forwardedFor: '203.0.113.9, 127.0.0.1',
    });
  }
  expect(statuses).toEqual([201, 201, 201, 201]);
  expect(proxy.served).toEqual([0, 4]);
});

test('a client that goes away aborts its request upstream; a replica dying mid-answer breaks the response', async () => {
  let upstreamClosed!: () => void;
  const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
  const server = createServer((req, res) => {
    if (req.url === '/slow') return void res.once('close', upstreamClosed); // never answers
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('partial');
    setTimeout(() => req.socket.destroy(), 50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  proxy = await startRoundRobinProxy({
    host: '127.0.0.1',
    port: 0,
    upstreams: [(server.address() as AddressInfo).port],
  });

  const client = new AbortController();
  const slow = fetch(`${proxy.url}/slow`, { method: 'POST', body: 'x', signal: client.signal });
  await new Promise((resolve) => setTimeout(resolve, 200));
  client.abort();
  await expect(slow).rejects.toThrow();
  await closed; // the test times out if the proxy kept the upstream request open

  const broken = await fetch(`${proxy.url}/broken`);
  expect(broken.status).toBe(200);
  await expect(broken.text()).rejects.toThrow(); // not 'partial' followed by a JSON error as if complete
});

test('a body over the bound is refused with 413 before any replica sees it', async () => {
  proxy = await startRoundRobinProxy({
    host: '127.0.0.1',
    port: 0,
    upstreams: [await upstream('a')],
    maxBodyBytes: 16,
  });
  const response = await fetch(`${proxy.url}/v1/things`, { method: 'POST', body: 'x'.repeat(64) });
  expect(response.status).toBe(413);
  expect(proxy.served).toEqual([0]);
  const fits = await fetch(`${proxy.url}/v1/things`, { method: 'POST', body: 'x'.repeat(16) });
  expect(((await fits.json()) as { body: string }).body).toBe('x'.repeat(16));
});

test('the Temporal server config: PostgreSQL stores, 4 shards, one port per service, the dev server dynamic config', () => {
  const ports = portsFrom(7233);
  expect(ports.grpc).toEqual({ frontend: 7233, history: 7234, matching: 7235, worker: 7239 });
  expect(ports.membership).toEqual({ frontend: 6933, history: 6934, matching: 6935, worker: 6939 });
  const config = serverConfig({
    postgres: { host: '127.0.0.1', port: 5432, user: 'postgres', password: '' },
    databases: temporalDatabases('postgres://postgres@127.0.0.1:5432/bursar'),
    ports,
    dynamicConfigFile: '/tmp/dynamic.yaml',
  }) as any;
  expect(config.persistence.numHistoryShards).toBeGreaterThan(1);
  expect(config.persistence.datastores.default.sql).toMatchObject({
    pluginName: 'postgres12',
    databaseName: 'bursar_temporal',
  });
  expect(config.persistence.datastores.visibility.sql.databaseName).toBe('bursar_temporal_visibility');
  expect(config.services.history.rpc).toMatchObject({ grpcPort: 7234, membershipPort: 6934 });

  const dynamic = dynamicConfig() as Record<string, Array<{ value: unknown }>>;
  expect(Object.keys(dynamic)).toEqual(DEV_SERVER_DYNAMIC_CONFIG.map((entry) => entry.split('=')[0]));
  expect(dynamic['system.enableActivityEagerExecution']).toEqual([{ value: true, constraints: {} }]);
});
