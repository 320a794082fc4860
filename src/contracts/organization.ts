// The organization a token speaks for, its settings, and its access tokens.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { PageQuery, queryOne, sortingQuery } from './query-params';
import { Timestamp, Url, Uuid } from './common';
import { SCOPES } from './scopes';
import { ProrationBehavior } from './subscription';

const InvoiceNumbering = z.enum(['customer', 'organization']);
const email = z.email().max(320);

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
    default_presentment_currency: z.string(),
    default_tax_behavior: z.enum(['location', 'inclusive', 'exclusive']),
    feature_settings: z.record(z.string(), z.boolean()).nullable(),
    subscription_settings: z.object({
      allow_multiple_subscriptions: z.boolean(),
      proration_behavior: ProrationBehavior,
      benefit_revocation_grace_period: z.int32(),
      prevent_trial_abuse: z.boolean(),
      allow_customer_updates: z.boolean(),
    }),
    customer_email_settings: z.record(z.string(), z.boolean()),
    customer_portal_settings: z.object({
      usage: z.object({ show: z.boolean() }),
      subscription: z.object({ update_seats: z.boolean(), update_plan: z.boolean() }),
    }),
    /** Bursar accepts no dispute automatically: nothing is accepted below an amount. */
    dispute_settings: z.object({ auto_accept_below_amount: z.int32().nullable() }),
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

export const OrganizationListQuery = z.object({
  ...PageQuery,
  slug: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(['created_at', 'slug', 'name'] as const, ['created_at']),
});
export type OrganizationListQuery = z.infer<typeof OrganizationListQuery>;

export const OrganizationUpdate = z
  .object({
    name: z.string().trim().min(3).max(255).nullish(),
    slug: z
      .string()
      .min(3)
      .max(60)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters and digits, in words joined by single dashes')
      .nullish(),
    email: email.nullish(),
    website: Url({ protocol: /^https?$/ })
      .max(2048)
      .nullish(),
    subscription_settings: z
      .object({ proration_behavior: ProrationBehavior.optional(), allow_customer_updates: z.boolean().optional() })
      .nullish(),
    customer_portal_settings: z
      .object({
        subscription: z
          .object({ update_seats: z.boolean().optional(), update_plan: z.boolean().optional() })
          .optional(),
      })
      .nullish(),
    invoice_numbering: InvoiceNumbering.nullish(),
    customer_invoice_prefix: z
      .string()
      .regex(/^[A-Z0-9][A-Z0-9-]{0,19}$/, '1 to 20 capital letters, digits or dashes, starting with a letter or digit')
      .nullish(),
    owner_email: email.nullish(),
  })
  .meta({ id: 'OrganizationUpdate' });
export type OrganizationUpdate = z.infer<typeof OrganizationUpdate>;

/** A scope a token may carry; anything else is refused (422) when a token is created or edited. */
const Scope = z.enum(SCOPES);
const Scopes = z.array(Scope).min(1).max(SCOPES.length);

export const OrganizationAccessToken = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    scopes: z.array(z.string()),
    organization_id: Uuid,
    expires_at: Timestamp.nullable(),
    comment: z.string(),
    last_used_at: Timestamp.nullable(),
  })
  .meta({ id: 'OrganizationAccessToken' });
export type OrganizationAccessToken = z.infer<typeof OrganizationAccessToken>;

export const OrganizationAccessTokenCreate = z
  .object({
    comment: z.string().trim().max(255).default(''),
    scopes: Scopes,
    /** Seconds until it stops working (a minute to ten years); absent or null: it never expires. */
    expires_in: z.int32().min(60).max(315_360_000).nullish(),
    organization_id: Uuid.nullish(),
  })
  .meta({ id: 'OrganizationAccessTokenCreate' });
export type OrganizationAccessTokenCreate = z.infer<typeof OrganizationAccessTokenCreate>;

export const OrganizationAccessTokenCreateResponse = z
  .object({ organization_access_token: OrganizationAccessToken, token: z.string() })
  .meta({ id: 'OrganizationAccessTokenCreateResponse' });

export const OrganizationAccessTokenUpdate = z
  .object({ comment: z.string().trim().max(255).nullish(), scopes: Scopes.nullish() })
  .meta({ id: 'OrganizationAccessTokenUpdate' });
export type OrganizationAccessTokenUpdate = z.infer<typeof OrganizationAccessTokenUpdate>;

export const OrganizationAccessTokenList = ListResource(OrganizationAccessToken).meta({
  id: 'ListResource_OrganizationAccessToken_',
});

export const OrganizationAccessTokenListQuery = z.object({ ...PageQuery });
