// What the API shows of an organization to others: its summary wherever it is embedded, and what its customers see
// (organization-own.output.ts: in full, to its own tokens).
import type { Organization } from './organization.entity';

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
