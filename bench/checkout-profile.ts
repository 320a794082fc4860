// Where a purchase's time goes (not a test, not a benchmark): runs purchases one at a time and prints, per step, the
// median wall time (HTTP calls, workflow and activity tasks read from the histories) and the SQL statements issued.
//   npx tsx bench/checkout-profile.ts [purchases=20]
import { Connection } from '@mikro-orm/core';
import { benchOrganization, startBenchApi } from './bench-stack';

const [count = 20] = process.argv.slice(2).map(Number);

/** Every SQL statement issued by this process, with the wall time it was issued at. */
const statements: { at: number; sql: string; took: number }[] = [];
type LogQuery = (this: Connection, query: string, context?: Record<string, unknown>) => void;
const connection = Connection.prototype as unknown as { logQuery: LogQuery };
const logQuery = connection.logQuery;
connection.logQuery = function (query, context) {
  statements.push({ at: Date.now(), sql: query, took: Number(context?.took ?? 0) });
  return logQuery.call(this, query, context);
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const stack = await startBenchApi();
  const { env } = stack;
  const { api } = await benchOrganization(stack, ['products:write', 'checkouts:write']);
  const product = await api('POST', '/v1/products/', {
    name: 'Profile product',
    prices: [{ amount_type: 'fixed', price_amount: 1000 }],
  });

  const steps = new Map<string, number[]>();
  const record = (name: string, ms: number) => steps.set(name, [...(steps.get(name) ?? []), ms]);
  const sqlByPhase = new Map<string, string[]>();
  const poll = /select id, status from "order" where checkout_id/;

  for (let i = 0; i < count; i++) {
    const t0 = Date.now();
    const checkout = await api('POST', '/v1/checkouts/', {
      products: [product.id],
      customer_email: 'p@example.com',
      customer_billing_address: { country: 'DE' },
    });
    const t1 = Date.now();
    await api(
      'POST',
      `/v1/checkouts/client/${checkout.client_secret}/confirm`,
      { confirmation_token_id: 'pm_card_visa' },
      false,
    );
    const t2 = Date.now();
    let orderId: string | undefined;
    for (;;) {
      const [row] = await env.orm.em
        .fork()
        .execute<{ id: string; status: string }[]>('select id, status from "order" where checkout_id = ?', [
          checkout.id,
        ]);
      if (row?.status === 'paid') {
        orderId = row.id;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const t3 = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 300)); // let after-commit work finish before the next purchase
    record('http create', t1 - t0);
    record('http confirm', t2 - t1);
    record('confirm answered → order paid seen', t3 - t2);
    record('total', t3 - t0);
    const phase = (name: string, from: number, to: number) => {
      const issued = statements.filter((s) => s.at >= from && s.at < to && !poll.test(s.sql));
      const sql = issued.map((s) => `${String(s.took).padStart(4)} ms  ${s.sql}`);
      if (i === count - 1) sqlByPhase.set(name, sql);
      record(`sql statements: ${name}`, sql.length);
      record(
        `sql ms (sum of statement times): ${name}`,
        issued.reduce((sum, s) => sum + s.took, 0),
      );
    };
    phase('create', t0, t1);
    phase('confirm', t1, t2);
    phase('after confirm (+300 ms)', t2, t3 + 300);

    for (const [kind, id] of [
      ['checkout', `checkout:${checkout.id}`],
      ['order', `order:${orderId}`],
    ] as const) {
      const history = await env.temporal.workflow.getHandle(id).fetchHistory();
      const events = history.events ?? [];
      const ms = (e: (typeof events)[number]) =>
        Number(e.eventTime!.seconds) * 1000 + Math.floor((e.eventTime!.nanos ?? 0) / 1e6);
      const started = ms(events[0]);
      record(`${kind} wf: started after t0`, started - t0);
      record(`${kind} wf: history events`, events.length);
      const activityNames = new Map<number, string>();
      const scheduledAt = new Map<number, number>();
      const startedAt = new Map<number, number>();
      let wftScheduled = 0;
      let wftStarted = 0;
      for (const e of events) {
        const at = ms(e);
        if (e.activityTaskScheduledEventAttributes) {
          activityNames.set(Number(e.eventId), e.activityTaskScheduledEventAttributes.activityType!.name!);
          scheduledAt.set(Number(e.eventId), at);
        } else if (e.activityTaskStartedEventAttributes) {
          const sid = Number(e.activityTaskStartedEventAttributes.scheduledEventId);
          startedAt.set(sid, at);
          record(`${kind} act ${activityNames.get(sid)}: schedule→start`, at - scheduledAt.get(sid)!);
        } else if (e.activityTaskCompletedEventAttributes) {
          const sid = Number(e.activityTaskCompletedEventAttributes.scheduledEventId);
          record(`${kind} act ${activityNames.get(sid)}: start→complete`, at - startedAt.get(sid)!);
        } else if (e.workflowTaskScheduledEventAttributes) {
          wftScheduled = at;
        } else if (e.workflowTaskStartedEventAttributes) {
          wftStarted = at;
          record(`${kind} wft schedule→start`, at - wftScheduled);
        } else if (e.workflowTaskCompletedEventAttributes) {
          record(`${kind} wft start→complete`, at - wftStarted);
        }
      }
      const counts = new Map<string, number>();
      for (const e of events) counts.set(String(e.eventType), (counts.get(String(e.eventType)) ?? 0) + 1);
      record(`${kind} wf: workflow tasks`, counts.get('EVENT_TYPE_WORKFLOW_TASK_COMPLETED') ?? counts.get('6') ?? 0);
      record(`${kind} wf: end after t0`, ms(events[events.length - 1]) - t0);
    }
  }

  const sums = new Map<string, number>();
  for (const [name, values] of steps) sums.set(name, values.length);
  console.log(`median over ${count} purchases, one at a time:`);
  for (const [name, values] of steps)
    console.log(
      `  ${name.padEnd(58)} ${median(values).toFixed(0).padStart(6)}   (n=${values.length}, min ${Math.min(...values)}, max ${Math.max(...values)})`,
    );
  for (const [name, sql] of sqlByPhase) {
    console.log(`\nSQL of the last purchase, ${name} (${sql.length}):`);
    for (const s of sql) console.log(`  ${s.replace(/\s+/g, ' ').slice(0, 220)}`);
  }
  await stack.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
