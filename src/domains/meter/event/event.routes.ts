// HTTP surface of usage events: POST /v1/events/ingest, GET /v1/events/, /v1/events/names and /v1/events/{id},
// GET /v1/event-types/ and PATCH /v1/event-types/{id}, POST /v1/signals.
import { IdParams } from '../../../contracts/common';
import { EventList, UserEvent } from '../../../contracts/event';
import { EventListQuery } from '../../../contracts/event-list-query';
import { EventNameList } from '../../../contracts/event-name';
import { EventNamesQuery } from '../../../contracts/event-name-query';
import { EventType, EventTypeList, EventTypeUpdate } from '../../../contracts/event-type';
import { EventTypesQuery } from '../../../contracts/event-type-query';
import { EventsIngest, EventsIngestResponse } from '../../../contracts/event-ingest';
import { SignalsIngest, SignalsIngestResponse } from '../../../contracts/signal-ingest';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { EventIngestService } from './event-ingest.service';
import type { EventQueryService } from './event-query.service';
import type { SignalService } from './signal.service';

const READ = ['events:read', 'events:write'] as const;
const WRITE = ['events:write'] as const;

export function eventRoutes({
  ingest,
  queries,
  signals,
}: {
  ingest: EventIngestService;
  queries: EventQueryService;
  signals: SignalService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/events/ingest',
      summary: 'Ingest usage events',
      scopes: WRITE,
      body: EventsIngest,
      status: 200,
      response: EventsIngestResponse,
      // events without an external_id are never duplicates: a retried batch is made safe by its key
      idempotent: true,
      async handler({ auth, tx, body }) {
        return ingest.ingest(tx, auth.organizationId, body);
      },
    }),
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
    defineRoute({
      method: 'post',
      path: '/v1/signals',
      summary: "Receive an agent's activity and outcome signals",
      scopes: WRITE,
      body: SignalsIngest,
      status: 200,
      response: SignalsIngestResponse,
      idempotent: true,
      // writes the signals as usage events (their rollups and customer meters with them)
      async handler({ auth, tx, body }) {
        return signals.receive(tx, auth.organizationId, body);
      },
    }),
  ];
}
