// Signals: an agent's activities and outcomes, written as usage events through ingestion.
import { SignalsIngest, SignalsIngestResponse } from '../../../contracts/signal-ingest';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { SignalService } from './signal.service';
import { WRITE } from './event.scopes';

export function signalRoutes(signals: SignalService): RouteDefinition[] {
  return [
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
