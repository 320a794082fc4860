// Bounds of the work the processes do: request bodies, event rollups, the outbox relay, the data directory.
import { z } from 'zod';
import { int } from './fields';

export const processingFields = {
  BODY_LIMIT_BYTES: int(1_000_000),
  /** `off`: meter quantities read raw events only, never the hourly rollups (benchmarks, diagnosis). */
  EVENT_ROLLUPS: z.enum(['on', 'off']).default('on'),
  OUTBOX_RELAY_INTERVAL_MS: int(5_000),
  OUTBOX_RELAY_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  DATA_DIR: z.string().default('.data'),
};
