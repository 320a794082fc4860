import { EntitySchema, type Opt } from '@mikro-orm/core';
import type { ProrationBehavior } from '../../contracts/proration-behavior';

export class Organization {
  id!: string;
  name!: string;
  slug!: string;
  /** Invoice numbers per customer (`PREFIX-CUSTOMER-0001`, the default) or per organization (`PREFIX-0001`). */
  invoiceNumbering: Opt<'customer' | 'organization'> = 'customer';
  /** Defaults to the slug in capitals. */
  customerInvoicePrefix: string | null = null;
  /** Whether customers may change their subscription's product, or its seats, in the customer portal. */
  customerPortalUpdatePlan: Opt<boolean> = true;
  customerPortalUpdateSeats: Opt<boolean> = true;
  /** Whether customers may pause (and resume) their subscriptions in the customer portal. */
  customerPortalPause: Opt<boolean> = false;
  /** Whether a paused subscription keeps granting its benefits (else they are revoked until it resumes). */
  keepBenefitsWhilePaused: Opt<boolean> = false;
  /** Disputes below this amount (USD cents; disputes in USD only) are accepted without asking; null: none. */
  disputeAutoAcceptBelowAmount: number | null = null;
  /** A lost dispute revokes the benefits its order granted. */
  disputeRevokeBenefits: Opt<boolean> = true;
  /** Whether customers may change their subscriptions in the customer portal at all. */
  allowCustomerUpdates: Opt<boolean> = true;
  /** How a subscription change made over the API is billed when the request does not say. */
  prorationBehavior: Opt<ProrationBehavior> = 'prorate';
  /** The currency checkouts fall back to (`default_presentment_currency`). */
  defaultPresentmentCurrency: Opt<string> = 'usd';
  /** The currency checkouts charge buyers from a country in, when the product is priced in it (`JP` → `jpy`). */
  currencyByCountry: Opt<Record<string, string>> = {};
  /** The public support address. */
  email: string | null = null;
  website: string | null = null;
  /** Where Bursar writes to the organization's owner (a leaked token, …); never shown to customers. */
  ownerEmail: string | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export class OrganizationAccessToken {
  id!: string;
  organizationId!: string;
  /** HMAC-SHA256 of the token keyed by the server secret; the token itself is never stored. */
  tokenHash!: string;
  scopes!: string[];
  comment!: string;
  expiresAt: Date | null = null;
  revokedAt: Date | null = null;
  /** Recorded at most once a minute (`LAST_USED_PRECISION_MS`), so using a token rarely writes. */
  lastUsedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const OrganizationSchema = new EntitySchema<Organization>({
  class: Organization,
  tableName: 'organization',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    slug: { type: 'text', unique: true },
    invoiceNumbering: { type: 'text' },
    customerInvoicePrefix: { type: 'text', nullable: true },
    customerPortalUpdatePlan: { type: 'boolean' },
    customerPortalUpdateSeats: { type: 'boolean' },
    customerPortalPause: { type: 'boolean' },
    keepBenefitsWhilePaused: { type: 'boolean' },
    disputeAutoAcceptBelowAmount: { type: 'integer', nullable: true },
    disputeRevokeBenefits: { type: 'boolean' },
    allowCustomerUpdates: { type: 'boolean' },
    prorationBehavior: { type: 'text' },
    defaultPresentmentCurrency: { type: 'text' },
    currencyByCountry: { type: 'json' },
    email: { type: 'text', nullable: true },
    website: { type: 'text', nullable: true },
    ownerEmail: { type: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

export const OrganizationAccessTokenSchema = new EntitySchema<OrganizationAccessToken>({
  class: OrganizationAccessToken,
  tableName: 'organization_access_token',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    tokenHash: { type: 'text', unique: true },
    scopes: { type: 'text[]' },
    comment: { type: 'text' },
    expiresAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    lastUsedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
