// Test clock activities: thin calls into the test-clock domain. Moving the flows heartbeats every second with the
// flows already moved, so a retry after the worker died resumes where it stopped.
import { Context } from '@temporalio/activity';
import type { TestClockService } from '../src/domains/test-clock';
import { asFailure } from './failures';

const HEARTBEAT_MS = 1000;

export const createTestClockActivities = (clocks: TestClockService) => ({
  testClockState: (testClockId: string) => clocks.state(testClockId),
  beginTestClockAdvance: (testClockId: string, to: string) => clocks.beginAdvance(testClockId, to),
  async advanceAttachedFlows(testClockId: string, to: string): Promise<void> {
    const context = Context.current();
    const done = new Set<string>((context.info.heartbeatDetails as string[] | undefined) ?? []);
    const beat = setInterval(() => context.heartbeat([...done]), HEARTBEAT_MS);
    try {
      await asFailure(() => clocks.advanceFlows(testClockId, to, done));
    } finally {
      clearInterval(beat);
    }
  },
  finishTestClockAdvance: (testClockId: string) => clocks.finishAdvance(testClockId),
  deleteTestClock: (testClockId: string) => clocks.markDeleted(testClockId),
});
