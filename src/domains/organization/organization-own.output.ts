// The organization as its own tokens read it, in full: the settings the engine acts on, and the reference's fields
// Bursar answers with fixed values.
import type { Organization as OrganizationOutput } from '../../contracts/organization';
import type { Organization } from './organization.entity';
import { organizationSummary } from './organization.output';

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
    default_presentment_currency: organization.defaultPresentmentCurrency,
    currency_by_country: organization.currencyByCountry,
    // A price without a tax behaviour of its own has tax added to it.
    default_tax_behavior: 'exclusive',
    feature_settings: null,
    subscription_settings: {
      allow_multiple_subscriptions: true,
      benefit_revocation_grace_period: 0,
      prevent_trial_abuse: false,
      ...subscriptionUpdates,
      keep_benefits_while_paused: organization.keepBenefitsWhilePaused,
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
        pause: organization.customerPortalPause,
      },
    },
    dispute_settings: {
      auto_accept_below_amount: organization.disputeAutoAcceptBelowAmount,
      revoke_benefits: organization.disputeRevokeBenefits,
    },
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
