// A benefit as customers see it within the products they buy: none of its properties or metadata.
import { z } from 'zod';
import { BENEFIT_TYPES } from './benefit-type';
import { Timestamp, Uuid } from './common';

export const BenefitPublic = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    type: z.enum(BENEFIT_TYPES),
    description: z.string(),
    selectable: z.boolean(),
    deletable: z.boolean(),
    is_deleted: z.boolean(),
    organization_id: Uuid,
  })
  .meta({ id: 'BenefitPublic' });
