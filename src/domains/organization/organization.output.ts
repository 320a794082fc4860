// What the API shows of an organization (in full to its own tokens; its summary wherever it is embedded) and of its
// access tokens.
import type { Organization as OrganizationOutput } from '../../contracts/organization';
import type { OrganizationAccessToken as AccessTokenOutput } from '../../contracts/organization-access-token';
import type { Organization, OrganizationAccessToken } from './organization.entity';

/** The fields every embedding shows. */
export function organizationSummary(organization: Organization) {
  return {
    created_at: organization.createdAt.toISOString(),
    modified_at: organization.modifiedAt?.toISOString() ?? null,
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    avatar_url: null,
  };
}

/**
 * The organization as its customers see it (at checkout, in the portal): its summary and how subscription changes go,
 * and for the unversioned API its public contact details and subscription settings, which its 0.x clients require.
 */
export function publicOrganizationOutput(organization: Organization) {
  const subscriptionSettings = {
    proration_behavior: organization.prorationBehavior,
    allow_customer_updates: organization.allowCustomerUpdates,
  };
  return {
    ...organizationSummary(organization),
    ...subscriptionSettings,
    email: organization.email,
    website: organization.website,
    socials: [],
    details_submitted_at: null,
    feature_settings: null,
    subscription_settings: { allow_multiple_subscriptions: true, ...subscriptionSettings },
  };
}

/** The organization as its own tokens read it (`GET /v1/organizations/{id}`), with the settings the engine acts on. */
export function organizationOutput(organization: Organization): OrganizationOutput {
  const subscriptionUpdates = {
    proration_behavior: organization.prorationBehavior,
    allow_customer_updates: organization.allowCustomerUpdates,
  };
  return {
    ...organizationSummary(organization),
    ...subscriptionUpdates,
    email: organization.email,
    website: organization.website,
    socials: [],
    status: 'active',
    details_submitted_at: null,
    onboarding_resubmission_requested_at: null,
    sso_enforced: false,
    default_presentment_currency: 'usd',
    // A price without a tax behaviour of its own has tax added to it.
    default_tax_behavior: 'exclusive',
    feature_settings: null,
    subscription_settings: {
      allow_multiple_subscriptions: true,
      benefit_revocation_grace_period: 0,
      prevent_trial_abuse: false,
      ...subscriptionUpdates,
    },
    // What Bursar e-mails customers: a receipt for every paid order (renewals included); no other notice yet.
    customer_email_settings: {
      order_confirmation: true,
      subscription_cycled: true,
      subscription_cycled_after_trial: true,
      ...Object.fromEntries(UNSENT_CUSTOMER_EMAILS.map((name) => [name, false])),
    },
    customer_portal_settings: {
      usage: { show: true },
      subscription: {
        update_seats: organization.customerPortalUpdateSeats,
        update_plan: organization.customerPortalUpdatePlan,
      },
    },
    dispute_settings: { auto_accept_below_amount: null },
    embed_hosts: [],
    country: null,
    account_id: null,
    payout_account_id: null,
    capabilities: {
      checkout_payments: true,
      subscription_renewals: true,
      payouts: false,
      refunds: true,
      api_access: true,
      dashboard_access: false,
    },
    invoice_numbering: organization.invoiceNumbering,
    customer_invoice_prefix: organization.customerInvoicePrefix,
    owner_email: organization.ownerEmail,
  };
}

const UNSENT_CUSTOMER_EMAILS = [
  'subscription_cancellation',
  'subscription_confirmation',
  'subscription_past_due',
  'subscription_paused',
  'subscription_resumed',
  'subscription_renewal_reminder',
  'subscription_revoked',
  'subscription_trial_conversion_reminder',
  'subscription_uncanceled',
  'subscription_updated',
];

export function accessTokenOutput(token: OrganizationAccessToken): AccessTokenOutput {
  return {
    created_at: token.createdAt.toISOString(),
    modified_at: token.modifiedAt?.toISOString() ?? null,
    id: token.id,
    scopes: token.scopes,
    organization_id: token.organizationId,
    expires_at: token.expiresAt?.toISOString() ?? null,
    comment: token.comment,
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
  };
}
