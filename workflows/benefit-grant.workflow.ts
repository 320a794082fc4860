// One benefit for one customer from one source (`grant:<benefitId>:<customerId>:<sourceId>`): each run brings the
// grant in line with what its source, product, benefit and customer say now — granted, revoked, re-granted or cycled
// — and runs again while changes keep arriving, so a change signalled during a sync is never lost.
import { continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { GRANT_ACTIVITY } from './activity-options';
import { syncGrantSignal, type BenefitGrantInput, type GrantOutcome } from './definitions';

const { syncBenefitGrant } = proxyActivities<Activities>(GRANT_ACTIVITY);

/** Syncs at most this many times in one run; a change still asked for then continues in a new run. */
const MAX_SYNCS = 20;

export async function benefitGrantLifecycle(input: BenefitGrantInput): Promise<GrantOutcome> {
  let requested = true;
  setHandler(syncGrantSignal, () => void (requested = true));
  let outcome: GrantOutcome = 'unchanged';
  for (let sync = 0; requested && sync < MAX_SYNCS; sync++) {
    requested = false;
    const result = await syncBenefitGrant(input);
    if (result !== 'unchanged') outcome = result;
  }
  if (requested) await continueAsNew<typeof benefitGrantLifecycle>(input);
  return outcome;
}
