// The organization as a checkout's buyer sees it: its name, its settings and (legacy only) its public contact.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ProrationBehavior } from './proration-behavior';

export const CheckoutOrganization = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    name: z.string(),
    slug: z.string(),
    avatar_url: z.string().nullable(),
    proration_behavior: z.enum(['invoice', 'prorate', 'next_period']),
    allow_customer_updates: z.boolean(),
    /** Legacy only (the 0.32 client requires them; the dated versions do not show them): public contact and settings. */
    email: z.string().nullable(),
    website: z.string().nullable(),
    socials: z.array(z.object({ platform: z.string(), url: z.string() })),
    details_submitted_at: Timestamp.nullable(),
    feature_settings: z.null(),
    subscription_settings: z.object({
      allow_multiple_subscriptions: z.boolean(),
      allow_customer_updates: z.boolean(),
      proration_behavior: ProrationBehavior,
    }),
  })
  .meta({ id: 'CheckoutOrganization' });
