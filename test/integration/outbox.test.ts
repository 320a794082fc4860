// The transactional outbox: dispatched right after commit, re-dispatched by the relay when that dispatch was lost.
import { randomUUID } from 'node:crypto';
import { Client, WorkflowNotFoundError, type WorkflowStartOptions } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../../temporal.config';
import { startOutboxRelay } from '../../src/app/outbox-relay';
import { inTransaction, type Tx } from '../../src/platform/database/transaction';
import { OutboxService, type OutboxMessage } from '../../src/platform/outbox';
import { flowStart } from '../../src/platform/temporal/flow-start';
import type { FlowDescriptor } from '../../workflows/definitions';
import { eventually, startHarness, type TestHarness } from '../support/harness';

let h: TestHarness;
let org: { id: string };
let other: { id: string; token: string };
/** The data of a real `product.created` event, for events these tests write themselves. */
let productData: unknown;

beforeAll(async () => {
  h = await startHarness();
  org = await h.organization(['meters:read']);
  other = await h.organization(['products:write']);
  await h.startWorker('production');
  const product = await h.request('POST', '/v1/products/', {
    token: other.token,
    json: { name: 'Atlas', prices: [{ amount_type: 'free' }] },
  });
  const [event] = await h.env.production.orm.em
    .fork()
    .execute<{ payload: { data: unknown } }[]>(
      "select payload from outbox_message where kind = 'event' and payload->'data'->>'id' = ?",
      [product.body.id],
    );
  productData = event.payload.data;
});
afterAll(() => h.close());

/** The maintenance flow, which takes no input, as a descriptor of its own: the outbox starts only built starts. */
const purgeFlow: FlowDescriptor<'purgeIdempotencyKeys', undefined, [string]> = {
  type: 'purgeIdempotencyKeys',
  id: (key) => `purge-idempotency-keys:${key}`,
};
const purgeStart = () => flowStart(purgeFlow, [`outbox-test:${randomUUID()}`], undefined);

/** Commits an outbox row but loses its post-commit dispatch, as a crash right after COMMIT would. */
async function commitWithLostDispatch(outbox: OutboxService = h.env.production.outbox) {
  const start = purgeStart();
  await commitLost((tx) => outbox.enqueueWorkflowStart(tx, org.id, start));
  return start;
}

async function commitLost<T>(write: (tx: Tx) => T): Promise<T> {
  return h.env.production.orm.em.fork().transactional(async (em) => write({ em, afterCommit: () => undefined }));
}

/**
 * An outbox of its own on the real server, whose log tells what happened in which order: a start once the server
 * accepted it, the events when its dispatcher gets them. Starts of the ids in `failing` fail as an unreachable server.
 */
function recordingOutbox() {
  const log: string[] = [];
  const failing = new Set<string>();
  const workflows = h.env.production.temporal.workflow;
  const temporal = {
    workflow: {
      async start(type: string, options: WorkflowStartOptions) {
        if (failing.has(options.workflowId))
          throw new Error('14 UNAVAILABLE: the Temporal server cannot be reached (test)');
        const handle = await workflows.start(type, options);
        log.push(`started ${options.workflowId}`);
        return handle;
      },
    },
  } as unknown as Client;
  const { orm, taskQueue, clock } = h.env.production;
  const outbox = new OutboxService({ orm, temporal, taskQueue, environment: 'production', clock });
  outbox.registerDispatcher(
    'event',
    async (events: OutboxMessage[]) => void log.push(`events ${events.map((event) => event.id).join(',')}`),
  );
  return { outbox, log, failing };
}

const rowById = async (id: string) =>
  (await h.env.production.orm.em.fork().execute('select * from outbox_message where id = ?', [id]))[0];

const outboxRow = async (workflowId: string) =>
  (
    await h.env.production.orm.em
      .fork()
      .execute("select * from outbox_message where payload->>'workflowId' = ?", [workflowId])
  )[0];

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
  expect(await h.env.production.temporal.workflow.getHandle(start.workflowId).result()).toEqual({
    purged: expect.any(Number),
  });
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
  expect(await h.env.production.temporal.workflow.getHandle(start.workflowId).result()).toEqual({
    purged: expect.any(Number),
  });
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
  const brokenTemporal = new Client({
    connection: h.env.production.temporal.connection,
    namespace: `missing-${randomUUID()}`,
  });
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

test("a transaction's workflow starts are dispatched before its events", async () => {
  const { outbox, log } = recordingOutbox();
  const [first, second] = [purgeStart(), purgeStart()];
  const event = await inTransaction(h.env.production.orm, async (tx) => {
    outbox.enqueueWorkflowStart(tx, org.id, first);
    const written = outbox.enqueueEvent(tx, org.id, 'product.created', productData);
    outbox.enqueueWorkflowStart(tx, org.id, second);
    return written;
  });
  expect(log.slice(0, 2).sort()).toEqual([`started ${first.workflowId}`, `started ${second.workflowId}`].sort());
  expect(log[2]).toBe(`events ${event.id}`);
  expect((await rowById(event.id)).dispatched_at).not.toBeNull();
});

test('a failing start sends neither the other starts nor the events back to the relay; the relay makes it later', async () => {
  const { outbox, log, failing } = recordingOutbox();
  const [failed, fine] = [purgeStart(), purgeStart()];
  failing.add(failed.workflowId);
  const event = await inTransaction(h.env.production.orm, async (tx) => {
    outbox.enqueueWorkflowStart(tx, org.id, failed);
    outbox.enqueueWorkflowStart(tx, org.id, fine);
    return outbox.enqueueEvent(tx, org.id, 'product.created', productData);
  });
  expect(log).toEqual([`started ${fine.workflowId}`, `events ${event.id}`]);
  expect(await outboxRow(failed.workflowId)).toMatchObject({
    dispatched_at: null,
    attempts: 1,
    last_error: expect.stringMatching(/UNAVAILABLE/),
  });
  expect(await outboxRow(fine.workflowId)).toMatchObject({
    dispatched_at: expect.anything(),
    attempts: 1,
    last_error: null,
  });
  expect((await rowById(event.id)).dispatched_at).not.toBeNull();

  failing.clear();
  log.length = 0;
  await outbox.relayOnce(0);
  expect(log).toContain(`started ${failed.workflowId}`);
  expect(await outboxRow(failed.workflowId)).toMatchObject({
    dispatched_at: expect.anything(),
    attempts: 2,
    last_error: null,
  });
});

test('startPending starts a flow whose start waits in the outbox now, and says when none waits', async () => {
  const start = await commitWithLostDispatch();
  expect(await h.env.production.outbox.startPending(start.workflowId)).toBe(true);
  expect(await outboxRow(start.workflowId)).toMatchObject({ dispatched_at: expect.anything(), attempts: 1 });
  expect(await h.env.production.temporal.workflow.getHandle(start.workflowId).result()).toEqual({
    purged: expect.any(Number),
  });
  expect(await h.env.production.outbox.startPending(start.workflowId)).toBe(false);
  expect((await outboxRow(start.workflowId)).attempts).toBe(1);

  const { outbox, failing } = recordingOutbox();
  const failed = await commitWithLostDispatch(outbox);
  failing.add(failed.workflowId);
  await expect(outbox.startPending(failed.workflowId)).rejects.toThrow(/UNAVAILABLE/);
  expect(await outboxRow(failed.workflowId)).toMatchObject({ dispatched_at: null, attempts: 1 });
});
