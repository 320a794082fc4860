// The orders and subscriptions a customer portal grant list narrowed to checkouts looks for: those the checkouts created.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ResourceNotFound } from '../../kernel/errors';
import type { CheckoutService } from '../checkout';

/** The orders and subscriptions the organization's checkouts created; unknown checkouts add none. */
export async function checkoutSources(
  em: EntityManager,
  checkouts: CheckoutService,
  organizationId: string,
  ids: readonly string[],
) {
  const sources = { orderIds: [] as string[], subscriptionIds: [] as string[] };
  for (const id of new Set(ids)) {
    const checkout = await checkouts.get(em, organizationId, id).catch((error: unknown) => {
      if (error instanceof ResourceNotFound) return null;
      throw error;
    });
    if (checkout?.orderId) sources.orderIds.push(checkout.orderId);
    if (checkout?.subscriptionId) sources.subscriptionIds.push(checkout.subscriptionId);
  }
  return sources;
}
