// Usage ingestion: a batch of events, checked whole and written in one transaction.
import { EventsIngest, EventsIngestResponse } from '../../../contracts/event-ingest';
import { quickEventsIngest } from '../../../contracts/event-ingest-check';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { EventIngestService } from './event-ingest.service';
import { WRITE } from './event.scopes';

export function eventIngestRoutes(ingest: EventIngestService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/events/ingest',
      summary: 'Ingest usage events',
      scopes: WRITE,
      body: EventsIngest,
      quickBody: quickEventsIngest,
      status: 200,
      response: EventsIngestResponse,
      // events without an external_id are never duplicates: a retried batch is made safe by its key
      idempotent: true,
      async handler({ auth, tx, body }) {
        return ingest.ingest(tx, auth.organizationId, body);
      },
    }),
  ];
}
