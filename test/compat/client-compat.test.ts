// The published clients merchants run, against a whole merchant run and every test file before this one (this file
// runs last): each response parsed by the 0.x clients' own code for its operation, each webhook by their validateEvent.
import { SENT_WEBHOOK_EVENT_TYPES } from '../../src/contracts/webhook-unsent';
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { atTime, judge, readRecordings } from './judge';
import { merchantOf, runEveryFlow } from './merchant-run';
import { CLIENT_VERSIONS, loadClient, loadModule } from './sdk-clients';

jest.setTimeout(600_000);

let h: TestHarness;
let receiver: Receiver;
/** The run's webhook endpoint: its signing secret. */
let run: { secret: string };
beforeAll(async () => {
  await everyOtherFileDone();
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
}, 50 * 60_000);
afterAll(async () => {
  await receiver.close();
  await h.close();
});

/**
 * Files run in parallel: this one (sorted last) waits until every other file of the run is done, as the run's reporter
 * counts them (test/support/summary-reporter.js), so that it judges all they recorded.
 */
async function everyOtherFileDone(): Promise<void> {
  const dir = process.env.BURSAR_COMPAT_DIR!;
  const count = (file: string) =>
    existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean) : [];
  const total = () => Number(count('files-total')[0] ?? Infinity); // the reporter writes it when the run starts
  await eventually(async () => count('files-done').length >= total() - 1, 45 * 60_000, {
    what: 'every other test file of the run done (BURSAR_COMPAT_DIR/files-done)',
    everyMs: 1_000,
  });
}

/** The failures (or the values and conflicts set apart), one line per client set, operation and field path. */
function lines(kind: string, items: { client: string; subject: string; detail: string }[]): string[] {
  const grouped = new Map<string, Set<string>>();
  for (const item of items) {
    const key = `${item.subject.replace(/ \(.*/, '')}: ${item.detail}`;
    grouped.set(key, (grouped.get(key) ?? new Set()).add(item.client));
  }
  return [...grouped].map(([key, clients]) => `${kind} [${[...clients].join(' ')}] ${key}`);
}

test('every recorded response and webhook parses with every 0.x client', async () => {
  run = await runEveryFlow(h, await merchantOf(h), receiver, SENT_WEBHOOK_EVENT_TYPES);
  const clients = CLIENT_VERSIONS.map((c) => loadClient(c.name, c.version));
  const { exchanges, webhooks } = readRecordings(process.env.BURSAR_COMPAT_DIR!);
  const verdicts = await judge(clients, exchanges, webhooks);
  const operations = new Set([...verdicts.operations.values()].flatMap((ids) => [...ids]));
  const eventTypes = new Set([...verdicts.eventTypes.values()].flatMap((types) => [...types]));
  console.log(
    [
      `client compatibility: ${clients.length} client versions × ${operations.size} operations × ${eventTypes.size} event types, ` +
        `${verdicts.failures.length} failures (${verdicts.exchanges} responses and ${verdicts.webhooks} webhooks judged; ` +
        `${[...verdicts.unverifiable.values()].reduce((a, b) => a + b, 0)} webhooks to endpoints made outside the API not judged)`,
      ...lines('FAIL', verdicts.failures),
      ...lines('conflict', verdicts.conflicts),
      ...lines(
        'older client',
        verdicts.newerValues.map((n) => ({ ...n, detail: n.values.join(', ') })),
      ),
    ].join('\n'),
  );
  expect(lines('FAIL', verdicts.failures)).toEqual([]);
  // The run itself was judged whole: every webhook it received, by every client that knows its type.
  expect(verdicts.unverifiable.has(new URL(receiver.url).host)).toBe(false);
  for (const client of clients) expect(verdicts.operations.get(client.version)!.size).toBeGreaterThan(0);
  // The run sent every event type Bursar sends, each judged above.
  expect(new Set(receiver.received.map((r) => r.json.type))).toEqual(new Set(SENT_WEBHOOK_EVENT_TYPES));
});

test('the framework adapters take every webhook of the run: adapter-utils with the client it pins, as Next.js and better-auth run it', async () => {
  // What @polar-sh/nextjs 0.9.6 does with a request: its client's validateEvent, then adapter-utils' handler.
  const adapter = require.resolve('@polar-sh/adapter-utils');
  const pinned = join(
    dirname(require.resolve('@polar-sh/sdk/package.json', { paths: [adapter] })),
    'dist/commonjs/webhooks.js',
  );
  const { validateEvent } = loadModule(pinned) as {
    validateEvent(body: string, headers: Record<string, string>, secret: string): { type: string };
  };
  const { handleWebhookPayload } = loadModule(adapter) as {
    handleWebhookPayload(
      payload: unknown,
      options: { webhookSecret: string; onPayload(payload: { type: string }): Promise<void> },
    ): Promise<void>;
  };
  const handled: string[] = [];
  const unknown = new Set<string>();
  for (const request of receiver.received) {
    const event = atTime(request.at, () => {
      try {
        return validateEvent(request.body, request.headers, run.secret);
      } catch (error) {
        if (((error as { cause?: Error }).cause?.message ?? '').startsWith('Unknown event type'))
          return void unknown.add(request.json.type);
        throw error;
      }
    });
    if (event)
      await handleWebhookPayload(event, {
        webhookSecret: run.secret,
        onPayload: async (payload) => void handled.push(payload.type),
      });
  }
  // Every type the pinned client knows reached the merchant's handler; the others are newer than it.
  expect(new Set(handled)).toEqual(new Set(SENT_WEBHOOK_EVENT_TYPES.filter((type) => !unknown.has(type))));
  expect([...unknown].sort()).toEqual([
    'discount.created',
    'discount.deleted',
    'discount.updated',
    'reconciliation.failed', // Bursar's own: no client knows it
    'subscription.cycled',
    'subscription.paused',
    'subscription.resumed',
  ]);
});
