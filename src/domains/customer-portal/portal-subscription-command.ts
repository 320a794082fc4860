// The subscription workflow's command for a customer portal request: cancel or uncancel, or a product or seat change,
// a pause or a resume the organization allows.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerOrganization } from '../../contracts/portal-customer-organization';
import type { CustomerSubscriptionUpdate } from '../../contracts/portal-subscription-update';
import { invalidField } from '../../kernel/errors';
import type { AuthenticatedCustomer } from '../../platform/http/route';
import type { ProductService } from '../catalog';
import type { OrganizationService } from '../organization';
import type { Subscription, SubscriptionCommand, SubscriptionService } from '../subscription';
import { assertPortalAllows } from './portal-changes';
import { customerOrganizationOutput, PORTAL_PRORATION } from './portal-organization';

/**
 * A portal request on the customer's subscription `id` (404 when it is not theirs): its command, as the update and
 * its preview both send it, and the organization as the portal shows it.
 */
export async function portalRequest(
  em: EntityManager,
  deps: { subscriptions: SubscriptionService; products: ProductService; organizations: OrganizationService },
  customer: AuthenticatedCustomer,
  id: string,
  body: CustomerSubscriptionUpdate,
): Promise<{ command: SubscriptionCommand; organization: CustomerOrganization }> {
  const subscription = await deps.subscriptions.getOfCustomer(em, customer.organizationId, customer.customerId, id);
  const settings = await deps.organizations.findOrganization(em, customer.organizationId);
  const organization = customerOrganizationOutput(settings);
  const command = await portalCommand(
    em,
    deps.products,
    subscription,
    organization,
    body,
    settings.keepBenefitsWhilePaused,
  );
  return { command, organization };
}

/**
 * The workflow command for a portal request. A product or seat change needs the organization's leave; a customer can
 * move only to a product offered to the public (another is "no such product", as one of another organization).
 */
async function portalCommand(
  em: EntityManager,
  products: ProductService,
  subscription: Subscription,
  organization: CustomerOrganization,
  body: CustomerSubscriptionUpdate,
  /** The organization's `keep_benefits_while_paused`. */
  keepBenefitsWhilePaused = false,
): Promise<SubscriptionCommand> {
  if ('pause_at_period_end' in body || 'resume' in body) {
    assertPortalAllows(organization, 'pause');
    if ('resume' in body) return { kind: 'resume' };
    if (!body.pause_at_period_end) {
      if (body.resumes_at != null)
        throw invalidField(
          ['body', 'resumes_at'],
          'pause_at_period_end: false cancels a pause: it takes no resumes_at.',
        );
      return { kind: 'unpause' };
    }
    const resumesAt = body.resumes_at ? new Date(body.resumes_at).toISOString() : null;
    return { kind: 'pause', now: false, resumesAt, keepBenefits: keepBenefitsWhilePaused };
  }
  if ('cancel_at_period_end' in body) {
    if (!body.cancel_at_period_end) return { kind: 'uncancel' };
    return { kind: 'cancel', reason: body.cancellation_reason ?? null, comment: body.cancellation_comment ?? null };
  }
  const proration = PORTAL_PRORATION;
  if ('seats' in body) {
    assertPortalAllows(organization, 'update_seats');
    return { kind: 'change', seats: body.seats, proration };
  }
  assertPortalAllows(organization, 'update_plan');
  if (body.product_id !== subscription.productId) {
    const [target] = await products.outputsByIds(em, subscription.organizationId, [body.product_id]);
    if (target && target.visibility !== 'public')
      throw invalidField(['body', 'product_id'], 'No such product in this organization.');
  }
  return { kind: 'change', productId: body.product_id, proration };
}
