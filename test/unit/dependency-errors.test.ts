// Text PostgreSQL refuses is the request's fault (a 400), never an outage (a 503 with Retry-After a client could fake).
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { DriverException } from '@mikro-orm/core';
import { unavailableDependency, unstorableText } from '../../src/app/http/dependency-errors';
import { errorHandler, requestId } from '../../src/app/http/middleware';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
// MikroORM inlines values into the statement, so a NUL ends the protocol's string and PostgreSQL answers 08P01.
const inlinedNul = new DriverException(
  pgError('08P01', `select * from "checkout" where "client_secret" = 'x\u0000y' - invalid message format`),
);

test.each([
  ['08P01 of a statement holding a NUL', inlinedNul, true, null],
  [
    '22021 character_not_in_repertoire',
    new DriverException(pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00')),
    true,
    null,
  ],
  ['22P05 untranslatable_character', pgError('22P05', 'unsupported Unicode escape sequence'), true, null],
  [
    '08P01 with no NUL (a pooler refusing)',
    new DriverException(pgError('08P01', 'no more connections allowed')),
    false,
    'database',
  ],
  ['08006 connection_failure', pgError('08006', 'connection failure'), false, 'database'],
])('%s', (_name, error, unstorable, dependency) => {
  expect(unstorableText(error)).toBe(unstorable);
  expect(unavailableDependency(error)).toBe(dependency);
});

test('the error handler answers refused text with a 400 problem, without Retry-After', async () => {
  const app = new Koa();
  app.use(requestId);
  app.use(errorHandler);
  app.use(() => Promise.reject(inlinedNul));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/checkout/x%00y`);
    expect([response.status, response.headers.get('retry-after')]).toEqual([400, null]);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/cannot store/);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
