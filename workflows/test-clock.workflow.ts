// One sandbox test clock (`test-clock:<id>`): its advances and its deletion are Updates, one at a time. An advance
// records the new time, moves every attached flow, and releases the clock whatever happened; the step that moves the
// flows heartbeats, so when the process running it dies another worker resumes it. Continues as new after many
// advances, failed ones included: Temporal refuses every Update to a run that has taken 2,000.
import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  patched,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { advanceRefusal, type TestClockState } from '../src/domains/test-clock/test-clock.logic';
import { TEST_CLOCK_ACTIVITY, TEST_CLOCK_ADVANCE_ACTIVITY } from './activity-options';
import { advanceClockUpdate, deleteClockUpdate, type TestClockInput } from './definitions';
import { nonRetryableFailure } from './failures';

const { testClockState, beginTestClockAdvance, finishTestClockAdvance, deleteTestClock } =
  proxyActivities<Activities>(TEST_CLOCK_ACTIVITY);
const { advanceAttachedFlows } = proxyActivities<Activities>(TEST_CLOCK_ADVANCE_ACTIVITY);

/** Advances one run handles before it continues as new. */
const ADVANCES_PER_RUN = 100;
/** Added after histories were recorded (`patched`): every advance the run accepts counts, not only those that settled. */
const EVERY_ADVANCE_COUNTS = 'every-advance-counts';

const notFound = () => nonRetryableFailure('ResourceNotFound', 'Test clock not found.');

export async function testClockLifecycle({
  testClockId: id,
  advances = 0,
  unsettled: unsettledBefore = false,
}: TestClockInput): Promise<'deleted' | 'continued'> {
  let state: TestClockState | undefined;
  /** What the clock is doing; an advance meanwhile is refused, a deletion waits. */
  let busy: 'advancing' | 'deleting' | null = null;
  /** The last advance's flows did not all settle: the same time may be sent again. */
  let unsettled = unsettledBefore;
  let count = advances;

  const refuse = (to: string) => {
    if (!state) return; // not loaded yet: the handler checks once it is
    const refusal = advanceRefusal(
      { ...state, deleted: state.deleted || busy === 'deleting' },
      to,
      busy === 'advancing',
      unsettled,
    );
    if (refusal) throw ApplicationFailure.nonRetryable(refusal.message, refusal.type, refusal.issues);
  };

  setHandler(
    advanceClockUpdate,
    async (to) => {
      const everyAdvanceCounts = patched(EVERY_ADVANCE_COUNTS);
      if (everyAdvanceCounts) count++;
      await condition(() => state !== undefined);
      refuse(to); // again, and taking the clock in the same step: another Update may have come first
      busy = 'advancing';
      try {
        state = await beginTestClockAdvance(id, to);
        if (state.deleted) throw notFound();
        try {
          await advanceAttachedFlows(id, to);
          unsettled = false;
        } catch {
          unsettled = true;
          throw nonRetryableFailure(
            'ServiceUnavailable',
            'The flows on this clock did not all settle; advance again (to the same time) in a moment.',
          );
        }
        if (!everyAdvanceCounts) count++;
      } finally {
        state = await finishTestClockAdvance(id); // released whatever happened
        busy = null;
      }
    },
    { validator: refuse },
  );

  setHandler(deleteClockUpdate, async () => {
    while (state === undefined || busy !== null) await condition(() => state !== undefined && busy === null);
    if (state.deleted) throw notFound();
    busy = 'deleting';
    try {
      await deleteTestClock(id);
      state = { ...state, deleted: true };
    } finally {
      busy = null;
    }
  });

  state = await testClockState(id);
  await condition(
    () =>
      state!.deleted ||
      (busy === null && (count - advances >= ADVANCES_PER_RUN || workflowInfo().continueAsNewSuggested)),
  );
  await condition(allHandlersFinished);
  if (state.deleted) return 'deleted';
  return continueAsNew<typeof testClockLifecycle>({ testClockId: id, advances: count, unsettled });
}
