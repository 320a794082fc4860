// The transactional outbox: dispatched right after commit, re-dispatched by the relay when that dispatch was lost.
import { randomUUID } from 'node:crypto';
import { Client, WorkflowNotFoundError } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../../temporal.config';
import { startOutboxRelay } from '../../src/app/outbox-relay';
import { inTransaction, type Tx } from '../../src/platform/database/transaction';
import { OutboxService } from '../../src/platform/outbox';
import { eventually, startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
let org: { id: string };

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['meters:read']);
  await h.startWorker('production');
});
afterAll(() => h.close());

const purgeStart = () => ({ workflowType: 'purgeIdempotencyKeys', workflowId: `purge-idempotency-keys:outbox-test:${randomUUID()}`, args: [] });

/** Commits an outbox row but loses its post-commit dispatch, as a crash right after COMMIT would. */
async function commitWithLostDispatch(outbox: OutboxService = h.env.production.outbox) {
  const start = purgeStart();
  await h.env.production.orm.em.fork().transactional(async (em) => {
    const tx: Tx = { em, afterCommit: () => undefined };
    outbox.enqueueWorkflowStart(tx, org.id, start);
  });
  return start;
}

const outboxRow = async (workflowId: string) =>
  (await h.env.production.orm.em.fork().execute("select * from outbox_message where payload->>'workflowId' = ?", [workflowId]))[0];

const describe_ = (workflowId: string) => h.env.production.temporal.workflow.getHandle(workflowId).describe();

test('a workflow start is dispatched right after commit, with our search attributes', async () => {
  const start = purgeStart();
  await inTransaction(h.env.production.orm, async (tx) => {
    h.env.production.outbox.enqueueWorkflowStart(tx, org.id, start);
  });
  const description = await describe_(start.workflowId);
  expect(description.typedSearchAttributes.get(SEARCH_ATTRIBUTES.OrganizationId)).toBe(org.id);
  expect(description.typedSearchAttributes.get(SEARCH_ATTRIBUTES.Environment)).toBe('production');
  expect((await outboxRow(start.workflowId)).dispatched_at).not.toBeNull();
  expect(await h.env.production.temporal.workflow.getHandle(start.workflowId).result()).toEqual({ purged: expect.any(Number) });
});

test('a rolled-back transaction dispatches nothing', async () => {
  const start = purgeStart();
  await expect(
    inTransaction(h.env.production.orm, async (tx) => {
      h.env.production.outbox.enqueueWorkflowStart(tx, org.id, start);
      throw new Error('business rule failed');
    }),
  ).rejects.toThrow('business rule failed');
  expect(await outboxRow(start.workflowId)).toBeUndefined();
  await expect(describe_(start.workflowId)).rejects.toBeInstanceOf(WorkflowNotFoundError);
});

test('the relay dispatches a row whose first dispatch was lost, exactly once', async () => {
  const start = await commitWithLostDispatch();
  await expect(describe_(start.workflowId)).rejects.toBeInstanceOf(WorkflowNotFoundError);

  expect(await h.env.production.outbox.relayOnce(60_000)).toBe(0); // still within the grace period
  expect(await h.env.production.outbox.relayOnce(0)).toBeGreaterThanOrEqual(1);
  expect((await outboxRow(start.workflowId)).dispatched_at).not.toBeNull();
  expect(await h.env.production.temporal.workflow.getHandle(start.workflowId).result()).toEqual({ purged: expect.any(Number) });
  expect(await h.env.production.outbox.relayOnce(0)).toBe(0);
});

test('concurrent relays never dispatch a row twice (FOR UPDATE SKIP LOCKED)', async () => {
  const starts = await Promise.all(Array.from({ length: 6 }, () => commitWithLostDispatch()));
  const counts = await Promise.all([0, 1, 2].map(() => h.env.production.outbox.relayOnce(0)));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
  for (const start of starts) expect((await outboxRow(start.workflowId)).attempts).toBe(1);
});

test("the worker's relay loop picks lost rows up by itself", async () => {
  const start = await commitWithLostDispatch();
  const relay = startOutboxRelay(h.env.production, 100, 0);
  try {
    await eventually(async () => (await outboxRow(start.workflowId)).dispatched_at);
  } finally {
    await relay.stop();
  }
  await describe_(start.workflowId);
});

test('a failed dispatch is recorded on the row and retried later', async () => {
  const brokenTemporal = new Client({ connection: h.env.production.temporal.connection, namespace: `missing-${randomUUID()}` });
  const broken = new OutboxService({
    orm: h.env.production.orm,
    temporal: brokenTemporal,
    taskQueue: h.env.production.taskQueue,
    environment: 'production',
    clock: h.env.production.clock,
  });
  const start = await commitWithLostDispatch(broken);
  expect(await broken.relayOnce(0)).toBe(0);
  const failed = await outboxRow(start.workflowId);
  expect(failed.dispatched_at).toBeNull();
  expect(failed.attempts).toBeGreaterThanOrEqual(1);
  expect(failed.last_error).toMatch(/namespace/i);

  expect(await h.env.production.outbox.relayOnce(0)).toBeGreaterThanOrEqual(1);
  expect((await outboxRow(start.workflowId)).dispatched_at).not.toBeNull();
});
