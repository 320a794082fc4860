// The published clients merchants run, against a whole merchant run and every test file before this one (this file
// runs last): each response parsed by the 0.x clients' own code for its operation, each webhook by their validateEvent.
import { SENT_WEBHOOK_EVENT_TYPES } from '../../src/contracts/webhook';
import { startHarness, type TestHarness } from '../support/harness';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { judge, readRecordings } from './judge';
import { merchantOf, runEveryFlow } from './merchant-run';
import { CLIENT_VERSIONS, loadClient } from './sdk-clients';

jest.setTimeout(600_000);

let h: TestHarness;
let receiver: Receiver;
beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

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
  await runEveryFlow(h, await merchantOf(h), receiver, SENT_WEBHOOK_EVENT_TYPES);
  const clients = CLIENT_VERSIONS.map((c) => loadClient(c.name, c.version));
  const { exchanges, webhooks } = readRecordings(process.env.BURSAR_COMPAT_DIR!);
  const verdicts = await judge(clients, exchanges, webhooks);
  const operations = new Set([...verdicts.operations.values()].flatMap((ids) => [...ids]));
  const eventTypes = new Set([...verdicts.eventTypes.values()].flatMap((types) => [...types]));
  console.log(
    [
      `client compatibility: ${clients.length} client versions × ${operations.size} operations × ${eventTypes.size} event types, ` +
        `${verdicts.failures.length} failures (${verdicts.exchanges} responses and ${verdicts.webhooks} webhooks judged; ` +
        `${verdicts.unverifiable} webhooks to endpoints made outside the API not judged)`,
      ...lines('FAIL', verdicts.failures),
      ...lines('conflict', verdicts.conflicts),
      ...lines(
        'older client',
        verdicts.newerValues.map((n) => ({ ...n, detail: n.values.join(', ') })),
      ),
    ].join('\n'),
  );
  expect(lines('FAIL', verdicts.failures)).toEqual([]);
  // The run sent every event type Bursar sends, each judged above.
  expect(new Set(receiver.received.map((r) => r.json.type))).toEqual(new Set(SENT_WEBHOOK_EVENT_TYPES));
});
