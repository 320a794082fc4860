// An event as a caller sent it: ingestion and signals both write such events through EventIngestService.write.
import type { EventCreate } from '../../../contracts/event-ingest';

export interface IncomingEvent {
  input: EventCreate;
  source: 'user';
  /** Reserved metadata only Bursar writes (a signal's kind). */
  systemMetadata?: Record<string, unknown>;
}
