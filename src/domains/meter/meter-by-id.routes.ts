// One meter: read it, its quantities over time, update or archive it.
import { IdParams } from '../../contracts/common';
import { Meter } from '../../contracts/meter';
import { MeterQuantities } from '../../contracts/meter-quantities';
import { MeterQuantitiesQuery } from '../../contracts/meter-quantities-query';
import { MeterUpdate } from '../../contracts/meter-request';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { meterOutput } from './meter.output';
import type { MeterQuantityService } from './meter-quantity.service';
import type { MeterService } from './meter.service';
import { READ, WRITE } from './meter.scopes';

export function meterByIdRoutes({
  meters,
  quantities,
}: {
  meters: MeterService;
  quantities: MeterQuantityService;
}): RouteDefinition[] {
  return [
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
