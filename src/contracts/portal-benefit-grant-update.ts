// The reference's update bodies of a benefit grant in the customer portal, one per benefit type.
import { z } from 'zod';

const accountUpdate = z.object({ account_id: z.string().max(255).nullable() });
/** The reference's update bodies, one per type: they connect an outside account, which no Bursar benefit needs. */
export const CustomerBenefitGrantUpdate = z
  .discriminatedUnion('benefit_type', [
    z.object({ benefit_type: z.literal('custom') }),
    z.object({ benefit_type: z.literal('discord'), properties: accountUpdate }),
    z.object({ benefit_type: z.literal('downloadables') }),
    z.object({ benefit_type: z.literal('feature_flag') }),
    z.object({ benefit_type: z.literal('github_repository'), properties: accountUpdate }),
    z.object({ benefit_type: z.literal('license_keys') }),
    z.object({ benefit_type: z.literal('meter_credit') }),
    z.object({
      benefit_type: z.literal('slack_shared_channel'),
      properties: z.object({ invited_email: z.string().max(320) }),
    }),
  ])
  .meta({ id: 'CustomerBenefitGrantUpdate' });
