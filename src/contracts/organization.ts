// The organization a token speaks for, with its settings, and their list.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { ProrationBehavior } from './proration-behavior';

export const InvoiceNumbering = z.enum(['customer', 'organization']);

export const Organization = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    name: z.string(),
    slug: z.string(),
    avatar_url: z.string().nullable(),
    proration_behavior: ProrationBehavior,
    allow_customer_updates: z.boolean(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    socials: z.array(z.object({ platform: z.string(), url: z.string() })),
    status: z.string(),
    details_submitted_at: Timestamp.nullable(),
    /** Bursar has no onboarding review: always null. */
    onboarding_resubmission_requested_at: Timestamp.nullable(),
    sso_enforced: z.boolean(),
    /** The currency a checkout charges when neither the buyer, nor the country map, nor a single price decides. */
    default_presentment_currency: z.string(),
    /** Bursar's own: the currency a checkout charges buyers from a country (ISO 3166-1 alpha-2 → currency). */
    currency_by_country: z.record(z.string(), z.string()),
    default_tax_behavior: z.enum(['location', 'inclusive', 'exclusive']),
    feature_settings: z.record(z.string(), z.boolean()).nullable(),
    subscription_settings: z.object({
      allow_multiple_subscriptions: z.boolean(),
      proration_behavior: ProrationBehavior,
      benefit_revocation_grace_period: z.int32(),
      prevent_trial_abuse: z.boolean(),
      allow_customer_updates: z.boolean(),
      /** Bursar's own: whether a paused subscription keeps granting its benefits (false: revoked until it resumes). */
      keep_benefits_while_paused: z.boolean(),
    }),
    customer_email_settings: z.record(z.string(), z.boolean()),
    customer_portal_settings: z.object({
      usage: z.object({ show: z.boolean() }),
      subscription: z.object({ update_seats: z.boolean(), update_plan: z.boolean(), pause: z.boolean() }),
    }),
    /**
     * Disputes in USD below `auto_accept_below_amount` are accepted at once (null: none); `revoke_benefits` (our
     * addition): a lost dispute revokes its order's benefits.
     */
    dispute_settings: z.object({ auto_accept_below_amount: z.int32().nullable(), revoke_benefits: z.boolean() }),
    /** Hosts allowed to embed the hosted checkout (Bursar lets any origin embed it, naming it in `embed_origin`). */
    embed_hosts: z.array(z.string()),
    /** Organizations sell through Bursar, the seller of record (`SELLER_COUNTRY`), and keep no country of their own. */
    country: z.string().nullable(),
    account_id: z.string().nullable(),
    payout_account_id: z.string().nullable(),
    capabilities: z.record(z.string(), z.boolean()),
    /** Bursar's own: how invoice numbers read (the prefix null: the slug in capitals), where notices to the owner go. */
    invoice_numbering: InvoiceNumbering,
    customer_invoice_prefix: z.string().nullable(),
    owner_email: z.string().nullable(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

export const OrganizationList = ListResource(Organization).meta({ id: 'ListResource_Organization_' });
