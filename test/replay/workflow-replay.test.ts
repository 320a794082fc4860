// Recorded workflow histories must replay against today's workflow code: a change that would alter past runs fails here.
// Record a new history with `temporal workflow show -w <id> -o json > test/replay/histories/<name>.json`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DefaultLogger, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { WORKFLOW_TRACING_MODULES, workflowSpanSinks } from '../../src/platform/tracing/temporal-tracing';

const HISTORIES = join(__dirname, 'histories');
let workflowBundle: { code: string };

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  workflowBundle = await bundleWorkflowCode({
    workflowsPath: require.resolve('../../workflows'),
    workflowInterceptorModules: [...WORKFLOW_TRACING_MODULES], // as every worker runs them
    logger: new DefaultLogger('WARN'),
  });
});

test.each(readdirSync(HISTORIES).filter((file) => file.endsWith('.json')))(
  '%s replays deterministically',
  async (file) => {
    const history = JSON.parse(readFileSync(join(HISTORIES, file), 'utf8'));
    await expect(
      Worker.runReplayHistory({ workflowBundle, sinks: workflowSpanSinks() }, history, file),
    ).resolves.toBeUndefined();
  },
);
