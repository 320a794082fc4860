// What an organization's update changes: each field the body sets, the portal's and subscriptions' settings
// and disputes' included (a field left out stays as it is), the default currency and the country → currency map.
import type { OrganizationUpdate } from '../../contracts/organization-update';
import type { Organization } from './organization.entity';

export function organizationChanges(body: OrganizationUpdate): Partial<Organization> {
  const portal = body.customer_portal_settings?.subscription;
  return {
    ...(body.name != null && { name: body.name }),
    ...(body.slug != null && { slug: body.slug }),
    ...(body.email !== undefined && { email: body.email }),
    ...(body.website !== undefined && { website: body.website }),
    ...(body.owner_email !== undefined && { ownerEmail: body.owner_email }),
    ...(body.invoice_numbering != null && { invoiceNumbering: body.invoice_numbering }),
    ...(body.customer_invoice_prefix !== undefined && { customerInvoicePrefix: body.customer_invoice_prefix }),
    ...(body.subscription_settings?.proration_behavior && {
      prorationBehavior: body.subscription_settings.proration_behavior,
    }),
    ...(body.subscription_settings?.allow_customer_updates !== undefined && {
      allowCustomerUpdates: body.subscription_settings.allow_customer_updates,
    }),
    ...(portal?.update_plan !== undefined && { customerPortalUpdatePlan: portal.update_plan }),
    ...(portal?.update_seats !== undefined && { customerPortalUpdateSeats: portal.update_seats }),
    ...(portal?.pause !== undefined && { customerPortalPause: portal.pause }),
    ...(body.subscription_settings?.keep_benefits_while_paused !== undefined && {
      keepBenefitsWhilePaused: body.subscription_settings.keep_benefits_while_paused,
    }),
    ...(body.dispute_settings?.auto_accept_below_amount !== undefined && {
      disputeAutoAcceptBelowAmount: body.dispute_settings.auto_accept_below_amount,
    }),
    ...(body.dispute_settings?.revoke_benefits !== undefined && {
      disputeRevokeBenefits: body.dispute_settings.revoke_benefits,
    }),
    ...(body.default_presentment_currency != null && { defaultPresentmentCurrency: body.default_presentment_currency }),
    ...(body.currency_by_country != null && { currencyByCountry: body.currency_by_country }),
  };
}
