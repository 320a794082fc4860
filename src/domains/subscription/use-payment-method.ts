// A past-due renewal paid now with a new card: the subscription renews with that card from then on.
import type { BillingDeps } from './billing-deps';
import { Subscription } from './subscription.entity';

/** Makes the card that paid the subscription's order the one its renewals are charged to. */
export async function usePaymentMethod(
  deps: Pick<BillingDeps, 'orm' | 'orders'>,
  orderId: string,
  method: { processorCustomerId: string; token: string },
): Promise<void> {
  const em = deps.orm.em.fork();
  const { subscriptionId } = await deps.orders.findById(em, orderId);
  if (!subscriptionId) return;
  await em.nativeUpdate(
    Subscription,
    { id: subscriptionId },
    { processorCustomerId: method.processorCustomerId, paymentMethodToken: method.token },
  );
}
