// A change that reaches many grants (`grant-fan-out:…`): pages through them, asking each grant's flow to sync, so the
// request that made the change answers at once however many customers hold the benefit.
import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { GRANT_ACTIVITY } from './activity-options';
import type { GrantFanOutInput } from './definitions';

const { syncGrantsPage } = proxyActivities<Activities>(GRANT_ACTIVITY);

/** Pages in one run; a longer fan-out continues as new where it stopped. */
const MAX_PAGES = 100;

/** Returns how many grants were asked to sync, from the first page on. */
export async function benefitGrantFanOut(input: GrantFanOutInput, from = 0): Promise<number> {
  let offset = from;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { requested, done } = await syncGrantsPage(input, offset);
    offset += requested;
    if (done) return offset;
  }
  return continueAsNew<typeof benefitGrantFanOut>(input, offset);
}
