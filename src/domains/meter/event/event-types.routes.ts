// Event types: the list with their counters, and an event type's label.
import { IdParams } from '../../../contracts/common';
import { EventType, EventTypeList, EventTypeUpdate } from '../../../contracts/event-type';
import { EventTypesQuery } from '../../../contracts/event-type-query';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { EventQueryService } from './event-query.service';
import { READ, WRITE } from './event.scopes';

export function eventTypeRoutes(queries: EventQueryService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/event-types/',
      summary: 'List event types',
      scopes: READ,
      query: EventTypesQuery,
      status: 200,
      response: EventTypeList,
      async handler({ auth, tx, query }) {
        return queries.types(tx.em, auth.organizationId, query);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/event-types/:id',
      summary: 'Update an event type',
      scopes: WRITE,
      params: IdParams,
      body: EventTypeUpdate,
      status: 200,
      response: EventType,
      async handler({ auth, tx, params, body }) {
        return queries.updateType(tx.em, auth.organizationId, params.id, body);
      },
    }),
  ];
}
