// A usage event's metadata as read back: plain values, `_cost`, `_llm`, and the `_signal` a signal's event carries.
import { z } from 'zod';
import { LlmMetadata } from './event-llm-metadata';

/** `_signal`: set by `POST /v1/signals` only (ingestion refuses it), so meters can tell activities from outcomes. */
export const SignalMetadata = z
  .object({ kind: z.enum(['activity', 'outcome']), agent_id: z.string().nullable() })
  .meta({ id: 'SignalMetadata' });

const CostMetadataOutput = z
  .object({ amount: z.union([z.number(), z.string()]), currency: z.string() })
  .meta({ id: 'CostMetadataOutput' });

export const EventMetadataOutput = z
  .union([LlmMetadata, CostMetadataOutput, SignalMetadata, z.string(), z.number(), z.boolean()])
  .meta({ id: 'EventMetadataOutput' });
