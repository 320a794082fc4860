// One order (`order:<id>`): a one-time purchase is marked paid once its payment completed (order.updated, order.paid),
// unless the checkout that wrote it already did so in the same transaction.
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { CHECKOUT_ACTIVITY } from './activity-options';
import type { OrderInput } from './definitions';

const { markOrderPaid } = proxyActivities<Activities>(CHECKOUT_ACTIVITY);

export async function orderLifecycle({ orderId, chargeId, paid }: OrderInput): Promise<'paid'> {
  if (!paid) await markOrderPaid(orderId, chargeId);
  return 'paid';
}
