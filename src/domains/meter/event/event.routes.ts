// HTTP surface of usage events: POST /v1/events/ingest, GET /v1/events/, /v1/events/names and /v1/events/{id},
// GET /v1/event-types/ and PATCH /v1/event-types/{id}, POST /v1/signals.
import type { RouteDefinition } from '../../../platform/http/route';
import type { EventIngestService } from './event-ingest.service';
import type { EventQueryService } from './event-query.service';
import type { SignalService } from './signal.service';
import { eventIngestRoutes } from './event-ingest.routes';
import { eventTypeRoutes } from './event-types.routes';
import { eventsRoutes } from './events.routes';
import { signalRoutes } from './signal.routes';

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
    ...eventIngestRoutes(ingest),
    ...eventsRoutes(queries),
    ...eventTypeRoutes(queries),
    ...signalRoutes(signals),
  ];
}
