// The maintenance Schedule: a real Temporal Schedule whose workflow purges idempotency keys older than 24 h.
import { randomUUID } from 'node:crypto';
import { SCHEDULES } from '../../temporal.config';
import { ensureSchedules } from '../../src/app/temporal';
import { eventually, startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
});
afterAll(() => h.close());

test('the schedule exists, runs the purge workflow and deletes only expired keys', async () => {
  const env = h.env.sandbox;
  await ensureSchedules(env.temporal, env.taskQueue);
  await ensureSchedules(env.temporal, env.taskQueue); // idempotent: the second call updates in place

  const schedule = env.temporal.schedule.getHandle(SCHEDULES.purgeIdempotencyKeys.id);
  const description = await schedule.describe();
  expect(description.action).toMatchObject({
    type: 'startWorkflow',
    workflowType: 'purgeIdempotencyKeys',
    taskQueue: env.taskQueue,
  });
  expect(description.spec.intervals?.[0].every).toBe(60 * 60 * 1000);

  const organizationId = randomUUID();
  const em = env.orm.em.fork();
  const insert = (key: string, age: string) =>
    em.execute(
      `insert into idempotency_key (id, organization_id, key, request_hash, response_status, response_body, created_at)
                values (?, ?, ?, 'h', 201, '{}', now() - ?::interval)`,
      [randomUUID(), organizationId, key, age],
    );
  await insert('expired-25h', '25 hours');
  await insert('expired-3d', '3 days');
  await insert('fresh-23h', '23 hours');
  await insert('fresh-now', '0 seconds');

  await schedule.trigger();
  const remaining = await eventually(async () => {
    const rows = await env.orm.em
      .fork()
      .execute<{ key: string }[]>('select key from idempotency_key where organization_id = ? order by key', [
        organizationId,
      ]);
    return rows.length === 2 && rows.map((r: { key: string }) => r.key);
  });
  expect(remaining).toEqual(['fresh-23h', 'fresh-now']);

  // The triggered run is among the recent ones. An hourly run may have happened too when the suite spans the hour, on
  // a task queue whose worker is gone (the Schedule is one per namespace): only completed runs are read.
  const purgedByARun = await eventually(async () => {
    for (const run of (await schedule.describe()).info.recentActions) {
      const handle = env.temporal.workflow.getHandle(run.action.workflow.workflowId);
      if ((await handle.describe()).status.name === 'COMPLETED' && (await handle.result()).purged >= 2) return true;
    }
    return false;
  });
  expect(purgedByARun).toBe(true);
});
