// Benefits a product grants: custom, license keys, downloadables, meter credits and feature flags.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { boundedRecord, MetadataInput, MetadataOutput, MetadataQuery } from './metadata';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';

/** Types that need an outside service Bursar does not connect to; creating one is refused with a clear 422. */
export const EXTERNAL_BENEFIT_TYPES = {
  discord: 'Discord',
  github_repository: 'GitHub',
  slack_shared_channel: 'Slack',
} as const;
export const BENEFIT_TYPES = ['custom', 'license_keys', 'downloadables', 'meter_credit', 'feature_flag'] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];

export const BenefitVisibility = z.enum(['draft', 'private', 'public']);

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

const description = z.string().trim().min(3).max(42);

const createOf = <T extends BenefitType>(type: T) =>
  z.object({
    type: z.literal(type),
    description,
    visibility: BenefitVisibility.nullish(),
    properties: BENEFIT_PROPERTIES_INPUT[type],
    metadata: MetadataInput.default({}),
    organization_id: Uuid.nullish(),
  });
const updateOf = <T extends BenefitType>(type: T) =>
  z.object({
    type: z.literal(type),
    description: description.nullish(),
    visibility: BenefitVisibility.nullish(),
    properties: BENEFIT_PROPERTIES_INPUT[type].nullish(),
    metadata: MetadataInput.optional(),
  });
const outputOf = <T extends BenefitType>(type: T) =>
  z.object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    type: z.literal(type),
    description: z.string(),
    selectable: z.boolean(),
    deletable: z.boolean(),
    is_deleted: z.boolean(),
    organization_id: Uuid,
    metadata: MetadataOutput,
    visibility: BenefitVisibility,
    visibility_configurable: z.boolean(),
    properties: BENEFIT_PROPERTIES_OUTPUT[type],
  });

const EXTERNAL_TYPES = Object.keys(EXTERNAL_BENEFIT_TYPES) as [
  keyof typeof EXTERNAL_BENEFIT_TYPES,
  ...(keyof typeof EXTERNAL_BENEFIT_TYPES)[],
];
const refusedExternal = z.object({ type: z.enum(EXTERNAL_TYPES) }).superRefine((value, ctx) => {
  const service = EXTERNAL_BENEFIT_TYPES[value.type];
  ctx.addIssue({
    code: 'custom',
    path: ['type'],
    message: `Benefits of type "${value.type}" need an integration with ${service}, which Bursar does not provide; use a custom benefit instead.`,
    params: { type: 'unsupported_benefit_type' },
  });
});

export const BenefitCreate = z
  .discriminatedUnion('type', [
    createOf('custom'),
    createOf('license_keys'),
    createOf('downloadables'),
    createOf('meter_credit'),
    createOf('feature_flag'),
    refusedExternal,
  ])
  .meta({ id: 'BenefitCreate' });
export type BenefitCreate = z.infer<typeof BenefitCreate>;

export const BenefitUpdate = z
  .discriminatedUnion('type', [
    updateOf('custom'),
    updateOf('license_keys'),
    updateOf('downloadables'),
    updateOf('meter_credit'),
    updateOf('feature_flag'),
  ])
  .meta({ id: 'BenefitUpdate' });
export type BenefitUpdate = z.infer<typeof BenefitUpdate>;

export const Benefit = z
  .discriminatedUnion('type', [
    outputOf('custom'),
    outputOf('license_keys'),
    outputOf('downloadables'),
    outputOf('meter_credit'),
    outputOf('feature_flag'),
  ])
  .meta({ id: 'Benefit' });
export type Benefit = z.infer<typeof Benefit>;

export const BenefitList = ListResource(Benefit).meta({ id: 'ListResource_Benefit_' });

export const BENEFIT_SORT_FIELDS = ['created_at', 'description', 'type', 'user_order'] as const;
export const BenefitListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  id: queryMany(Uuid),
  exclude_id: queryMany(Uuid),
  type: queryMany(
    z.enum([...BENEFIT_TYPES, ...(Object.keys(EXTERNAL_BENEFIT_TYPES) as (keyof typeof EXTERNAL_BENEFIT_TYPES)[])]),
  ),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(BENEFIT_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type BenefitListQuery = z.infer<typeof BenefitListQuery>;
