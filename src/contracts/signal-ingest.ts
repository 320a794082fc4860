// Ingesting signals: the body, a batch of them, and its answer.
import { z } from 'zod';
import { Signal } from './signal';

/** Signals per request, as for event ingestion. */
export const MAX_SIGNALS_PER_BATCH = 1000;

export const SignalsIngest = z
  .object({ signals: z.array(Signal).min(1).max(MAX_SIGNALS_PER_BATCH) })
  .meta({ id: 'SignalsIngest' });
export type SignalsIngest = z.infer<typeof SignalsIngest>;

/** `duplicates`: signals whose id the organization had already received (or that repeat one earlier in the request). */
export const SignalsIngestResponse = z
  .object({ inserted: z.int(), duplicates: z.int() })
  .meta({ id: 'SignalsIngestResponse' });
