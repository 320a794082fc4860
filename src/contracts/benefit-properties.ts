// Each benefit type's properties: as request bodies give them, and as answers show them.
import { z } from 'zod';
import { Uuid } from './common';
import { boundedRecord } from './metadata';

const licenseKeyExpiry = z.object({ ttl: z.int32().min(1).max(1000), timeframe: z.enum(['year', 'month', 'day']) });
const licenseKeyActivations = z.object({ limit: z.int32().min(1).max(50), enable_customer_admin: z.boolean() });

/** Request properties per type. */
export const BENEFIT_PROPERTIES_INPUT = {
  custom: z.object({ note: z.string().max(5000).nullish() }),
  license_keys: z.object({
    prefix: z
      .string()
      .trim()
      .max(20)
      .regex(/^[A-Za-z0-9_-]*$/, 'Letters, digits, dashes and underscores only')
      .nullish(),
    expires: licenseKeyExpiry.nullish(),
    activations: licenseKeyActivations.nullish(),
    limit_usage: z.int32().min(1).nullish(),
  }),
  downloadables: z.object({
    files: z.array(Uuid).min(1).max(100),
    archived: boundedRecord(Uuid, z.boolean(), 100).default({}),
  }),
  meter_credit: z.object({ meter_id: Uuid, units: z.int32().min(1).max(2_147_483_647), rollover: z.boolean() }),
  feature_flag: z.object({}),
} as const;

/** Response properties per type (every key present, nullable where the reference says so). */
export const BENEFIT_PROPERTIES_OUTPUT = {
  custom: z.object({ note: z.string().nullable() }),
  license_keys: z.object({
    prefix: z.string().nullable(),
    expires: licenseKeyExpiry.nullable(),
    activations: licenseKeyActivations.nullable(),
    limit_usage: z.int32().nullable(),
  }),
  downloadables: z.object({ files: z.array(Uuid), archived: z.record(z.string(), z.boolean()) }),
  meter_credit: z.object({ meter_id: Uuid, units: z.int32(), rollover: z.boolean() }),
  feature_flag: z.object({}),
} as const;
