// Benefits a product grants (custom, license keys, downloadables, meter credits, feature flags) and their list.
import { z } from 'zod';
import { BENEFIT_PROPERTIES_OUTPUT } from './benefit-properties';
import { BenefitVisibility, type BenefitType } from './benefit-type';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { MetadataOutput } from './metadata';

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
