// HTTP surface of test clocks (sandbox only): create, get, list, delete, advance.
import { IdParams } from '../../contracts/common';
import {
  TestClock,
  TestClockAdvance,
  TestClockCreate,
  TestClockList,
  TestClockListQuery,
} from '../../contracts/test-clock';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { TestClockService } from './test-clock.service';
import { testClockOutput } from './test-clock.output';
import { z } from 'zod';

const READ = ['test_clocks:read', 'test_clocks:write'] as const;
const WRITE = ['test_clocks:write'] as const;

export function testClockRoutes({ testClocks }: { testClocks: TestClockService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/test-clocks/',
      summary: 'Create a test clock frozen at a time (sandbox only)',
      scopes: WRITE,
      body: TestClockCreate,
      status: 201,
      response: TestClock,
      idempotent: true,
      async handler({ auth, tx, body }) {
        return testClockOutput(await testClocks.create(tx.em, auth.organizationId, body));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/test-clocks/',
      summary: 'List test clocks',
      scopes: READ,
      query: TestClockListQuery,
      status: 200,
      response: TestClockList,
      async handler({ auth, tx, query }) {
        const page = await testClocks.list(tx.em, auth.organizationId, query);
        return { items: page.items.map(testClockOutput), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/test-clocks/:id',
      summary: 'Get a test clock',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: TestClock,
      async handler({ auth, tx, params }) {
        return testClockOutput(await testClocks.get(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/test-clocks/:id',
      summary: 'Delete a test clock',
      scopes: WRITE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      outsideTransaction: true,
      async handler({ auth, params }) {
        await testClocks.delete(auth.organizationId, params.id);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/test-clocks/:id/advance',
      summary: 'Advance a test clock; answers when the attached flows due by the new time have settled',
      scopes: WRITE,
      params: IdParams,
      body: TestClockAdvance,
      status: 200,
      response: TestClock,
      outsideTransaction: true,
      async handler({ auth, params, body }) {
        return testClockOutput(await testClocks.advance(auth.organizationId, params.id, new Date(body.frozen_time)));
      },
    }),
  ];
}
