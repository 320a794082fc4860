// No request's path or query in a span: a server span whose request matched no route keeps `(unmatched)` where the
// HTTP instrumentation wrote the raw URL, one that matched a Koa route the route template; a client span keeps its
// path, not its query. Real HTTP over loopback, the spans caught by an in-memory exporter. And no value in a
// statement's text: its string literals are `?`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { Router } from '@koa/router';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTracing, type Tracing } from '../../src/platform/tracing';
import { withoutLiterals } from '../../src/platform/tracing/sql-text';
import { traceRoute } from '../../src/app/http/trace-route';
import { instrumentTestModules } from '../support/tracing';

const SECRET = 'bursar_c_Zm9v-YmFy_c2VjcmV0';
const TOKEN = 'org_1.1999999999.c2lnbmF0dXJl';
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let uninstrument: () => void;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  tracing = startTracing('bursar-test', { exporter })!;
  uninstrument = instrumentTestModules(tracing);
  const app = new Koa();
  const router = new Router();
  router.get('/v1/checkouts/client/:client_secret', (ctx) => {
    ctx.body = { ok: true };
  });
  app.use(traceRoute);
  app.use(router.routes());
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  uninstrument?.();
  await tracing?.shutdown();
});
beforeEach(() => exporter.reset());

/** Every attribute value of the span, and its name, as one text. */
const textOf = (span: ReadableSpan) => JSON.stringify([span.name, span.attributes]);
const serverSpan = () => eventuallySpan((span) => span.kind === SpanKind.SERVER, 'the server span');

async function eventuallySpan(match: (span: ReadableSpan) => boolean, what: string): Promise<ReadableSpan> {
  for (let i = 0; i < 100; i++) {
    const span = exporter.getFinishedSpans().find(match);
    if (span) return span;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${what} was never exported`);
}

test('a request that matched no route: no path, no query, `(unmatched)` in their place', async () => {
  // fetch is not instrumented: the server's span is the only one
  const response = await fetch(`${origin}/dashboard/metrics/${SECRET}?token=${TOKEN}&access_token=${SECRET}`);
  expect(response.status).toBe(404);
  const span = await serverSpan();
  expect(span.name).toBe('GET');
  expect(span.attributes['http.target']).toBe('(unmatched)');
  expect(span.attributes['http.url']).toBe(origin);
  expect(span.attributes['http.route']).toBeUndefined();
  expect(textOf(span)).not.toMatch(/token|c2Vjc|dashboard/);
});

test('a request that matched a route: the template in place of its path, and in its name', async () => {
  expect((await fetch(`${origin}/v1/checkouts/client/${SECRET}?token=${TOKEN}`)).status).toBe(200);
  const span = await serverSpan();
  expect(span.name).toBe('GET /v1/checkouts/client/:client_secret');
  expect(span.attributes).toMatchObject({
    'http.route': '/v1/checkouts/client/:client_secret',
    'http.target': '/v1/checkouts/client/:client_secret',
    'http.url': `${origin}/v1/checkouts/client/:client_secret`,
  });
  expect(textOf(span)).not.toContain(SECRET);
  expect(textOf(span)).not.toContain(TOKEN);
});

test("a client span keeps its request's path, not its query or credentials", async () => {
  await new Promise<void>((resolve, reject) =>
    http
      .get(`http://user:hunter2@127.0.0.1:${new URL(origin).port}/objects/f_1?X-Amz-Signature=${TOKEN}`, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject),
  );
  const client = await eventuallySpan((span) => span.kind === SpanKind.CLIENT, 'the client span');
  expect(client.attributes['http.url']).toBe(`${origin}/objects/f_1`);
  expect(client.attributes['http.target']).toBe('/objects/f_1');
  expect(textOf(client)).not.toMatch(/X-Amz|hunter2/);
  expect(textOf(client)).not.toContain(TOKEN);
  expect(textOf(await serverSpan())).not.toContain(TOKEN);
});

test("a statement's string literals are `?`, whichever way they are quoted; its shape stays", () => {
  const sql = [
    `select "c0".* from "checkout" as "c0" where "c0"."client_secret" = '${SECRET}' limit 1`,
    `insert into "outbox_message" ("payload", "it""s") values ('{"token":"x''y"}',  E'a\\\\b\\'c ${SECRET}', $1)`,
    `update t set body = $q$it's ${SECRET}$q$, n = 42 -- don't`,
    `select 'unterminated ${SECRET}`,
  ];
  expect(sql.map(withoutLiterals)).toEqual([
    `select "c0".* from "checkout" as "c0" where "c0"."client_secret" = ? limit 1`,
    `insert into "outbox_message" ("payload", "it""s") values (?,  ?, $1)`,
    `update t set body = ?, n = 42 -- don't`,
    `select ?`,
  ]);
});
