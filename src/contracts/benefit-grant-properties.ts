// What a benefit grant carries beside its benefit: the properties each type fills, and its last error.
import { z } from 'zod';

export const BenefitGrantError = z.object({ message: z.string(), type: z.string(), timestamp: z.string() });

/** Every key is optional in the reference's grant-properties shapes; each type fills its own. */
export const BenefitGrantProperties = z
  .object({
    license_key_id: z.string().optional(),
    display_key: z.string().optional(),
    files: z.array(z.string()).optional(),
    last_credited_meter_id: z.string().optional(),
    last_credited_units: z.int32().optional(),
    last_credited_at: z.string().optional(),
  })
  .meta({ id: 'BenefitGrantProperties' });
export type BenefitGrantProperties = z.infer<typeof BenefitGrantProperties>;
