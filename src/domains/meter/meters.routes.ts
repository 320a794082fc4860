// The meters collection: list them, create one.
import { Meter, MeterList } from '../../contracts/meter';
import { MeterCreate } from '../../contracts/meter-request';
import { MeterListQuery } from '../../contracts/meter-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { meterOutput } from './meter.output';
import type { MeterService } from './meter.service';
import { READ, WRITE } from './meter.scopes';

export function metersRoutes(meters: MeterService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/meters/',
      summary: 'List meters',
      scopes: READ,
      query: MeterListQuery,
      status: 200,
      response: MeterList,
      async handler({ auth, tx, query }) {
        const page = await meters.list(tx.em, auth.organizationId, query);
        return { items: page.items.map(meterOutput), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/meters/',
      summary: 'Create a meter',
      scopes: WRITE,
      body: MeterCreate,
      status: 201,
      response: Meter,
      idempotent: true,
      async handler({ auth, tx, body }) {
        return meterOutput(await meters.create(tx, auth.organizationId, body));
      },
    }),
  ];
}
