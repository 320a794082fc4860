// Temporal refusing an Update for a while (a run that has taken its 2,000 Updates, too many in flight) is a 503 with
// Retry-After, never a 500; any other gRPC failure passes through as it is.
import type { Client } from '@temporalio/client';
import { ServiceError } from '@temporalio/client';
import { FlowClient } from '../../src/platform/temporal/flow-client';
import { flowStart } from '../../src/platform/temporal/flow-start';
import { FLOWS, advanceClockUpdate } from '../../workflows/definitions';
import { ServiceUnavailable } from '../../src/kernel/errors';
import { captureLogs, type CapturedLogs } from '../support/log-capture';

/** A gRPC status as @grpc/grpc-js reports it (what the SDK rethrows). */
const grpcStatus = (code: number, details: string) =>
  Object.assign(new Error(`${code} ${details}`), { code, details, metadata: {} });

const LIMIT = 'The limit on the total number of distinct updates in this workflow has been reached (2000).';

function flowsFailingWith(error: Error): FlowClient {
  const client = {
    workflow: {
      executeUpdateWithStart: () => Promise.reject(error),
      getHandle: () => ({ executeUpdate: () => Promise.reject(error) }),
    },
  } as unknown as Client;
  return new FlowClient(client, 'bursar-test');
}

let logs: CapturedLogs;
beforeEach(() => (logs = captureLogs('warn')));
afterEach(() => logs.restore());

const startClock = flowStart(FLOWS.testClock, ['tc_1'], { testClockId: 'tc_1' });

test.each([
  ['update-with-start, the run at its Update limit (FAILED_PRECONDITION)', grpcStatus(9, LIMIT), startClock],
  [
    'an Update, too many in flight (RESOURCE_EXHAUSTED, wrapped by the SDK)',
    new ServiceError('Workflow Update failed', { cause: grpcStatus(8, 'limit on in-flight updates') }),
    undefined,
  ],
])('%s: a 503 with Retry-After', async (_name, error, startWith) => {
  const sent = flowsFailingWith(error).update('test-clock:tc_1', advanceClockUpdate, ['2025-02-01T00:00:00.000Z'], {
    notStarted: 'starting',
    startWith,
  });
  await expect(sent).rejects.toBeInstanceOf(ServiceUnavailable);
  await expect(sent).rejects.toMatchObject({ status: 503, retryAfterSeconds: 5 });
  const refusal = expect.stringContaining(error instanceof ServiceError ? 'in-flight' : '(2000)');
  expect(logs.lines).toContainEqual(
    expect.objectContaining({ level: 'warn', workflow_id: 'test-clock:tc_1', refusal }),
  );
});

test('any other gRPC failure is not mistaken for a refusal', async () => {
  const internal = grpcStatus(13, 'internal error');
  await expect(
    flowsFailingWith(internal).update('test-clock:tc_1', advanceClockUpdate, ['2025-02-01T00:00:00.000Z'], {
      notStarted: 'starting',
    }),
  ).rejects.toBe(internal);
});
