// HTTP surface of usage events: POST /v1/events/ingest.
import { EventsIngest, EventsIngestResponse } from '../../../contracts/event';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { EventIngestService } from './event-ingest.service';

export function eventRoutes({ ingest }: { ingest: EventIngestService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/events/ingest',
      summary: 'Ingest usage events',
      scopes: ['events:write'],
      body: EventsIngest,
      status: 200,
      response: EventsIngestResponse,
      async handler({ auth, tx, body }) {
        return ingest.ingest(tx, auth.organizationId, body);
      },
    }),
  ];
}
