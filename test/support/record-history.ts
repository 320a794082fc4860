// Records a finished workflow's history into test/replay/histories when RECORD_HISTORIES=1 (how the recorded
// histories of new or patched workflows are made); otherwise does nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import type { EnvironmentContext } from '../../src/app/environment';

/** The history so far (a running workflow's too); `finished` waits for the workflow to close first. */
export async function recordHistory(
  env: EnvironmentContext,
  workflowId: string,
  name: string,
  options: { finished?: boolean } = {},
): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const handle = env.temporal.workflow.getHandle(workflowId);
  if (options.finished) await handle.result();
  const history = await handle.fetchHistory();
  writeFileSync(join(__dirname, '..', 'replay', 'histories', `${name}.json`), historyToJSON(history));
}
