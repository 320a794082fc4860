// One sandbox test clock (`test-clock:<id>`): its advances and its deletion are Updates run one at a time. An advance
// records the new time, moves every attached flow, and releases the clock; the step that moves the flows heartbeats,
// so when the process running it dies another worker resumes it. Continues as new after many advances.
import { ApplicationFailure, allHandlersFinished, condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { advanceRefusal, type TestClockState } from '../src/domains/test-clock/test-clock.logic';
import { TEST_CLOCK_ACTIVITY, TEST_CLOCK_ADVANCE_ACTIVITY } from '../temporal.config';
import { advanceClockUpdate, deleteClockUpdate, type TestClockInput } from './definitions';
import { businessFailure } from './failures';

const { testClockState, beginTestClockAdvance, finishTestClockAdvance, deleteTestClock } = proxyActivities<Activities>(TEST_CLOCK_ACTIVITY);
const { advanceAttachedFlows } = proxyActivities<Activities>(TEST_CLOCK_ADVANCE_ACTIVITY);

/** Advances one run handles before it continues as new. */
const ADVANCES_PER_RUN = 100;

export async function testClockLifecycle({ testClockId: id, advances = 0 }: TestClockInput): Promise<'deleted' | 'continued'> {
  let state: TestClockState | undefined;
  let busy = false;
  let count = advances;

  const refuse = (to: string) => {
    const refusal = state && advanceRefusal(state, to, busy);
    if (refusal) throw ApplicationFailure.nonRetryable(refusal.message, refusal.type, refusal.issues);
  };

  setHandler(
    advanceClockUpdate,
    async (to) => {
      await condition(() => state !== undefined);
      refuse(to); // again: an earlier Update may have started an advance, or the clock was missing
      busy = true;
      try {
        state = await beginTestClockAdvance(id, to);
        try {
          await advanceAttachedFlows(id, to);
        } catch (error) {
          throw businessFailure(error, 'The attached flows did not settle; advance again in a moment.', 'ServiceUnavailable');
        } finally {
          state = await finishTestClockAdvance(id); // released whatever happened
        }
        count++;
      } finally {
        busy = false;
      }
    },
    { validator: refuse },
  );

  setHandler(deleteClockUpdate, async () => {
    await condition(() => state !== undefined && !busy);
    if (state!.deleted) throw ApplicationFailure.nonRetryable('Test clock not found.', 'ResourceNotFound');
    await deleteTestClock(id);
    state = { ...state!, deleted: true };
  });

  state = await testClockState(id);
  await condition(() => state!.deleted || (!busy && (count - advances >= ADVANCES_PER_RUN || workflowInfo().continueAsNewSuggested)));
  await condition(allHandlersFinished);
  if (state.deleted) return 'deleted';
  return continueAsNew<typeof testClockLifecycle>({ testClockId: id, advances: count });
}
