// HTTP surface of meters: GET/POST /v1/meters/, GET/PATCH /v1/meters/{id}, GET /v1/meters/{id}/quantities.
import { IdParams } from '../../contracts/common';
import { Meter, MeterList } from '../../contracts/meter';
import { MeterCreate, MeterUpdate } from '../../contracts/meter-request';
import { MeterListQuery } from '../../contracts/meter-list-query';
import { MeterQuantities } from '../../contracts/meter-quantities';
import { MeterQuantitiesQuery } from '../../contracts/meter-quantities-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { meterOutput } from './meter.output';
import type { MeterQuantityService } from './meter-quantity.service';
import type { MeterService } from './meter.service';

const READ = ['meters:read', 'meters:write'] as const;
const WRITE = ['meters:write'] as const;

export function meterRoutes({
  meters,
  quantities,
}: {
  meters: MeterService;
  quantities: MeterQuantityService;
}): RouteDefinition[] {
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
    defineRoute({
      method: 'get',
      path: '/v1/meters/:id',
      summary: 'Get a meter',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Meter,
      async handler({ auth, tx, params }) {
        return meterOutput(await meters.get(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/meters/:id/quantities',
      summary: 'Get meter quantities',
      scopes: READ,
      params: IdParams,
      query: MeterQuantitiesQuery,
      status: 200,
      response: MeterQuantities,
      async handler({ auth, tx, params, query }) {
        return quantities.quantities(tx, auth.organizationId, params.id, query);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/meters/:id',
      summary: 'Update or archive a meter',
      scopes: WRITE,
      params: IdParams,
      body: MeterUpdate,
      status: 200,
      response: Meter,
      async handler({ auth, tx, params, body }) {
        return meterOutput(await meters.update(tx, auth.organizationId, params.id, body));
      },
    }),
  ];
}
