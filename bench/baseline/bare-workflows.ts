// The bare engine's workflows: each flow's Temporal shape with no business work (bench/baseline/README in bench/README.md).
import {
  defineUpdate,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
  condition,
} from '@temporalio/workflow';
import type * as activities from './bare-activities';

const local = proxyLocalActivities<typeof activities>({ startToCloseTimeout: '30s' });
const remote = proxyActivities<typeof activities>({ startToCloseTimeout: '30s' });

export const pay = defineUpdate<string, [number]>('pay');

/** A purchase: started by the API, which then sends `pay`; a local activity writes the order, its item and payment. */
export async function barePurchase(orderId: string): Promise<void> {
  let paid = false;
  setHandler(pay, async (amount) => {
    await local.insertOrder(orderId, amount);
    paid = true;
    return orderId;
  });
  await condition(() => paid);
}

/** A renewal: a timer fires at `dueAt` (ms since the epoch) and one activity writes the order in one transaction. */
export async function bareRenewal(subscriptionId: string, dueAt: number): Promise<void> {
  await sleep(Math.max(0, dueAt - Date.now()));
  await remote.insertOrder(subscriptionId, 1000);
}

/** A webhook delivery: one activity posting the payload to the receiver. */
export async function bareDelivery(url: string, id: string, body: string): Promise<void> {
  await remote.post(url, id, body);
}
