// The organization's public details only the 0.32 client reads, in the shapes that show the organization to buyers.
import { z } from 'zod';
import type { SchemaChange } from '../../version-change';

const PUBLIC_ORGANIZATION_FIELDS = [
  'email',
  'website',
  'socials',
  'details_submitted_at',
  'feature_settings',
  'subscription_settings',
];

/** The organization's public details only the 0.32 client reads; carried by the render (they are not derivable). */
export const publicOrganization: SchemaChange = {
  carried: PUBLIC_ORGANIZATION_FIELDS,
  removed: {
    email: z.string().nullable(),
    website: z.string().nullable(),
    socials: z.array(z.object({ platform: z.string(), url: z.string() })),
    details_submitted_at: z.string().nullable(),
    feature_settings: z.null(),
    subscription_settings: z.object({
      allow_multiple_subscriptions: z.boolean(),
      allow_customer_updates: z.boolean(),
      proration_behavior: z.string(),
    }),
  },
};
