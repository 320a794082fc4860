// A granted benefit as a customer's state shows it, with the downloads a downloadables grant gives.
import { z } from 'zod';
import { BenefitGrantProperties } from './benefit-grant-properties';
import { BENEFIT_TYPES } from './benefit-type';
import { Timestamp, Uuid } from './common';
import { MetadataOutput } from './metadata';

/** A download a downloadables grant gives: a signed link that stops opening when it expires or the grant is revoked. */
export const GrantedDownload = z.object({ file_id: Uuid, name: z.string(), url: z.string(), expires_at: Timestamp });

export const CustomerStateBenefitGrant = z.object({
  id: Uuid,
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  granted_at: Timestamp,
  benefit_id: Uuid,
  /** Beyond the reference: the member holding the grant through a seat; null for the customer's own. */
  member_id: Uuid.nullable(),
  benefit_type: z.enum(BENEFIT_TYPES),
  benefit_metadata: MetadataOutput,
  properties: BenefitGrantProperties.extend({
    /** Beyond the reference: a custom benefit's note, for the merchant to show. */
    note: z.string().nullable().optional(),
    /** Beyond the reference: the downloads of a downloadables grant, as signed links valid for a while. */
    downloads: z.array(GrantedDownload).optional(),
  }),
});
export type CustomerStateBenefitGrant = z.infer<typeof CustomerStateBenefitGrant>;
