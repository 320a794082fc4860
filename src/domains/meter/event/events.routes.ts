// Usage events read back: the list, the names with their counters, one event.
import { IdParams } from '../../../contracts/common';
import { EventList, UserEvent } from '../../../contracts/event';
import { EventListQuery } from '../../../contracts/event-list-query';
import { EventNameList } from '../../../contracts/event-name';
import { EventNamesQuery } from '../../../contracts/event-name-query';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { EventQueryService } from './event-query.service';
import { READ } from './event.scopes';

export function eventsRoutes(queries: EventQueryService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/events/',
      summary: 'List events',
      scopes: READ,
      query: EventListQuery,
      status: 200,
      response: EventList,
      async handler({ auth, tx, query }) {
        return queries.list(tx.em, auth.organizationId, query);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/events/names',
      summary: 'List event names',
      scopes: READ,
      query: EventNamesQuery,
      status: 200,
      response: EventNameList,
      async handler({ auth, tx, query }) {
        return queries.names(tx.em, auth.organizationId, query);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/events/:id',
      summary: 'Get an event',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: UserEvent,
      async handler({ auth, tx, params }) {
        return queries.get(tx.em, auth.organizationId, params.id);
      },
    }),
  ];
}
