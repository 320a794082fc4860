// Shutting the HTTP server down never waits on a keep-alive connection (65 s): idle ones close at once, and one whose
// request never finishes is cut after the grace period.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { closeHttp, listenHttp } from '../../src/app/http/server';

async function started() {
  const app = new Koa();
  app.use(async (ctx) => {
    ctx.body = { ok: true };
  });
  const server = listenHttp(app, 0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

test('an idle keep-alive connection does not hold the shutdown', async () => {
  const { server, port } = await started();
  const answer = await fetch(`http://127.0.0.1:${port}/`); // undici keeps the connection open for the next request
  expect(await answer.json()).toEqual({ ok: true });
  const began = Date.now();
  await closeHttp(server, 30_000);
  expect(Date.now() - began).toBeLessThan(5_000);
});

test('a request whose body never ends is cut after the grace period', async () => {
  const { server, port } = await started();
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
  socket.resume(); // read the answer, so that the end of the connection is seen
  const cut = new Promise((resolve) => socket.once('close', resolve));
  await new Promise((resolve) => setTimeout(resolve, 100)); // the request is under way
  const began = Date.now();
  await closeHttp(server, 500);
  await cut;
  expect(Date.now() - began).toBeGreaterThanOrEqual(400);
  expect(Date.now() - began).toBeLessThan(5_000);
});
