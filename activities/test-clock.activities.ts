// Test clock activities: thin calls into the test-clock domain. Moving the flows heartbeats every second, so Temporal
// notices a dead worker within the heartbeat timeout and retries the step on another.
import { Context } from '@temporalio/activity';
import type { TestClockService } from '../src/domains/test-clock';
import { asFailure } from './failures';

const HEARTBEAT_MS = 1000;

export const createTestClockActivities = (clocks: TestClockService) => ({
  testClockState: (testClockId: string) => clocks.state(testClockId),
  beginTestClockAdvance: (testClockId: string, to: string) => clocks.beginAdvance(testClockId, to),
  async advanceAttachedFlows(testClockId: string, to: string): Promise<void> {
    const context = Context.current();
    const beat = setInterval(() => context.heartbeat(), HEARTBEAT_MS);
    try {
      await asFailure(() => clocks.advanceFlows(testClockId, to, context.cancellationSignal));
    } finally {
      clearInterval(beat);
    }
  },
  finishTestClockAdvance: (testClockId: string) => clocks.finishAdvance(testClockId),
  deleteTestClock: (testClockId: string) => clocks.markDeleted(testClockId),
});
