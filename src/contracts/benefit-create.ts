// What a benefit is created with, one body per type; the types that need an outside service are refused by name.
import { z } from 'zod';
import { BENEFIT_PROPERTIES_INPUT } from './benefit-properties';
import { BenefitVisibility, EXTERNAL_BENEFIT_TYPES, type BenefitType } from './benefit-type';
import { Uuid } from './common';
import { MetadataInput } from './metadata';

export const benefitDescription = z.string().trim().min(3).max(42);

const createOf = <T extends BenefitType>(type: T) =>
  z.object({
    type: z.literal(type),
    description: benefitDescription,
    visibility: BenefitVisibility.nullish(),
    properties: BENEFIT_PROPERTIES_INPUT[type],
    metadata: MetadataInput.default({}),
    organization_id: Uuid.nullish(),
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
