// What a benefit is changed with, one body per type.
import { z } from 'zod';
import { benefitDescription as description } from './benefit-create';
import { BENEFIT_PROPERTIES_INPUT } from './benefit-properties';
import { BenefitVisibility, type BenefitType } from './benefit-type';
import { MetadataInput } from './metadata';

const updateOf = <T extends BenefitType>(type: T) =>
  z.object({
    type: z.literal(type),
    description: description.nullish(),
    visibility: BenefitVisibility.nullish(),
    properties: BENEFIT_PROPERTIES_INPUT[type].nullish(),
    metadata: MetadataInput.optional(),
  });

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
