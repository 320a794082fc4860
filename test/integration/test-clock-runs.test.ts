// A test clock's flow continues as new after 100 advances it accepted, failed ones included: Temporal refuses every
// Update to a run that has taken 2,000, and a clock whose flows keep failing to settle is advanced again and again.
import { ApplicationFailure } from '@temporalio/client';
import { startHarness, eventually, type TestHarness } from '../support/harness';
import { sandboxCaller, type Call } from '../support/subscriptions';
import { testClockWorkflowId } from '../../workflows/definitions';

let h: TestHarness;
let call: Call;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox', (real) => ({
    ...real,
    advanceAttachedFlows: () =>
      Promise.reject(
        ApplicationFailure.nonRetryable('The flows on this clock did not all settle.', 'ServiceUnavailable'),
      ),
  }));
  call = await sandboxCaller(h);
});
afterAll(() => h.close());

test('a clock whose flows never settle continues as new after 100 advances, and answers 503 (never 500) meanwhile', async () => {
  const { id } = (await call('POST', '/v1/test-clocks/', { name: 'Unsettled', frozen_time: '2025-01-01T00:00:00Z' }))
    .body;
  const advance = () => call('POST', `/v1/test-clocks/${id}/advance`, { frozen_time: '2025-02-01T00:00:00Z' });
  const flow = h.env.sandbox.temporal.workflow.getHandle(testClockWorkflowId(id));
  const answers = [await advance()];
  const firstRunId = (await flow.describe()).runId;
  while (answers.length < 100) answers.push(await advance());
  expect(new Set(answers.map((a) => `${a.status} ${a.body.error}`))).toEqual(new Set(['503 ServiceUnavailable']));

  // The run that took the 100 advances ended by continuing as new; the next run takes the next advance.
  await eventually(async () => (await flow.describe()).runId !== firstRunId, 20_000, {
    what: 'the clock flow continued as new',
  });
  const history = await h.env.sandbox.temporal.workflow.getHandle(testClockWorkflowId(id), firstRunId).fetchHistory();
  expect(history.events?.at(-1)?.workflowExecutionContinuedAsNewEventAttributes).toBeTruthy();
  expect((await advance()).status).toBe(503);
  expect((await call('GET', `/v1/test-clocks/${id}`)).body).toMatchObject({
    status: 'ready',
    frozen_time: '2025-02-01T00:00:00.000Z',
  });
}, 180_000);
