// After the storm: what must hold of the sandbox database, the receiver's log and the API's answers. One row each.
import type { ReceivedWebhook } from '../support/webhook-receiver';
import type { ChaosApi } from './chaos-api';
import type { ChaosLoop, Fault } from './chaos-faults';
import type { ChaosStack } from './chaos-stack';
import { WEBHOOK_EVENTS, type LoadPlan } from './chaos-load';
import { recoverySeconds, type Probe, type ProbeRoute } from './chaos-prober';

export interface Row {
  invariant: string;
  expected: string;
  observed: string;
  ok: boolean | 'n/a';
}

export interface Evidence {
  stack: ChaosStack;
  plan: LoadPlan;
  api: ChaosApi;
  chaos: ChaosLoop;
  probes: readonly Probe[];
  routes: readonly ProbeRoute[];
  received: readonly ReceivedWebhook[];
  /** Whether each request's signature verified when it arrived. */
  verifiedOnArrival: readonly boolean[];
  endpointId: string;
}

const MAX_RECOVERY_SECONDS = 60;
/** How long @temporalio/client retries an UNAVAILABLE call (10 attempts, backoff ×1.7 up to 5 s), with a margin. */
const TEMPORAL_CLIENT_RETRY_MS = 25_000;

export async function checkInvariants(e: Evidence): Promise<Row[]> {
  return [...(await billing(e)), ...(await webhooks(e)), ...availability(e)];
}

async function billing({ stack, plan }: Evidence): Promise<Row[]> {
  const count = async (sql: string, values: unknown[] = []) =>
    Number((await stack.sql<{ n: string }>(sql, values))[0].n);
  const renewals = plan.subscriptions * plan.months;
  const [money] = await stack.sql<{ paid: string; refunded: string; charged: string; refunds: string }>(
    `select (select coalesce(sum(total_amount), 0) from "order" where status = 'paid') as paid,
            (select coalesce(sum(refunded_amount), 0) from "order") as refunded,
            (select coalesce(sum(amount), 0) from sandbox_processor_charge where status = 'succeeded') as charged,
            (select coalesce(sum(amount), 0) from sandbox_processor_refund) as refunds`,
  );
  const rows: Row[] = [
    equal(
      'checkouts succeeded',
      plan.oneTimeCheckouts + plan.subscriptions,
      await count(`select count(*) n from checkout where status = 'succeeded'`),
    ),
    equal(
      'one-time orders paid',
      plan.oneTimeCheckouts,
      await count(`select count(*) n from "order" where billing_reason = 'purchase' and status = 'paid'`),
    ),
    equal(
      'subscriptions active',
      plan.subscriptions,
      await count(`select count(*) n from subscription where status = 'active'`),
    ),
    equal(
      'renewal orders paid',
      renewals,
      await count(`select count(*) n from "order" where billing_reason = 'subscription_cycle' and status = 'paid'`),
    ),
    equal('orders not paid', 0, await count(`select count(*) n from "order" where status <> 'paid'`)),
    {
      invariant: 'processor charges = paid orders + refunds',
      expected: `charged ${money.paid} + refunded ${money.refunds}`,
      observed: `charged ${money.charged}, refunds ${money.refunds}, orders refunded ${money.refunded}`,
      ok: money.charged === money.paid && money.refunds === money.refunded,
    },
    equal(
      'paid orders without their succeeded charge',
      0,
      await count(`select count(*) n from "order" o left join sandbox_processor_charge c on c.id = o.charge_id and c.status = 'succeeded'
                   where o.status = 'paid' and o.total_amount > 0 and (c.id is null or c.amount <> o.total_amount)`),
    ),
    equal(
      'succeeded charges no paid order points to',
      0,
      await count(`select count(*) n from sandbox_processor_charge c where c.status = 'succeeded'
                   and not exists (select 1 from "order" o where o.charge_id = c.id and o.status = 'paid')`),
    ),
    equal(
      'duplicate succeeded charges (per order or checkout)',
      0,
      await count(`select count(*) n from (select regexp_replace(idempotency_key, ':charge:[0-9]+$', '') k from sandbox_processor_charge
                   where status = 'succeeded' group by 1 having count(*) > 1) d`),
    ),
    equal(
      'duplicate orders per checkout',
      0,
      await count(
        `select count(*) n from (select checkout_id from "order" where checkout_id is not null group by 1 having count(*) > 1) d`,
      ),
    ),
    equal(
      'duplicate orders per renewal period',
      0,
      await count(`select count(*) n from (select subscription_id, date_trunc('day', created_at) from "order"
                   where billing_reason = 'subscription_cycle' group by 1, 2 having count(*) > 1) d`),
    ),
    equal(
      `subscriptions without exactly ${plan.months} renewals`,
      0,
      await count(
        `select count(*) n from subscription s where (select count(*) from "order" o where o.subscription_id = s.id and o.billing_reason = 'subscription_cycle') <> $1`,
        [plan.months],
      ),
    ),
    {
      invariant: 'duplicate invoice numbers',
      expected: '0',
      observed: 'n/a: no invoice numbers yet (orders answer invoice_number null)',
      ok: 'n/a',
    },
    { invariant: 'duplicate benefit grants', expected: '0', observed: 'n/a until issue 14 (no grants yet)', ok: 'n/a' },
  ];
  return rows;
}

async function webhooks({ stack, received, verifiedOnArrival, endpointId }: Evidence): Promise<Row[]> {
  const events = await stack.sql<{ id: string; type: string }>(
    `select id, payload->>'type' as type from outbox_message where kind = 'event' and payload->>'type' = any($1) order by seq`,
    [WEBHOOK_EVENTS],
  );
  const verified = received.filter((_request, index) => verifiedOnArrival[index]);
  const firstArrival = new Map<string, number>();
  verified.forEach((request, index) => {
    const id = request.headers['webhook-id'];
    if (!firstArrival.has(id)) firstArrival.set(id, index);
  });
  const missing = events.filter((event) => !firstArrival.has(event.id));
  const deliveries = await stack.sql<{ event_id: string; resource_key: string }>(
    `select event_id, resource_key from webhook_delivery where endpoint_id = $1 and not redelivery order by resource_key, event_seq`,
    [endpointId],
  );
  let outOfOrder = 0;
  let previous: { key: string; arrival: number } | undefined;
  for (const delivery of deliveries) {
    const arrival = firstArrival.get(delivery.event_id);
    if (arrival === undefined) continue;
    if (previous?.key === delivery.resource_key && arrival < previous.arrival) outOfOrder++;
    previous = { key: delivery.resource_key, arrival };
  }
  const undispatched = Number(
    (await stack.sql<{ n: string }>(`select count(*) n from outbox_message where dispatched_at is null`))[0].n,
  );
  return [
    equal('outbox rows never dispatched', 0, undispatched),
    {
      invariant: 'events delivered at least once (signature verified)',
      expected: `${events.length} of ${events.length}`,
      observed: `${events.length - missing.length} of ${events.length} (${received.length} requests, ${received.length - verified.length} unverified)`,
      ok: events.length > 0 && missing.length === 0 && verified.length === received.length,
    },
    equal(`per-resource order kept (${deliveries.length} deliveries)`, 0, outOfOrder, 'out of order'),
  ];
}

function availability({ api, chaos, probes, routes, stack }: Evidence): Row[] {
  const rows: Row[] = [equal('API 500 answers (every call)', 0, api.serverErrors.length)];
  const counts = chaos.counts();
  for (const fault of ['worker', 'temporal', 'postgres'] as Fault[]) {
    if (!counts[fault]) {
      rows.push({ invariant: `API while ${fault} down`, expected: 'no 500', observed: 'not injected', ok: 'n/a' });
      continue;
    }
    const during = probes.filter((p) => p.phase === `${fault} down`);
    const affected = during.filter((p) => routes.find((r) => r.name === p.route)!.needs.includes(fault));
    const bad = during.filter((p) => p.status !== 503 && p.status !== routes.find((r) => r.name === p.route)!.expected);
    const unavailable = affected.filter((p) => p.status === 503).length;
    rows.push({
      invariant: `API while ${fault} down (${counts[fault]}×)`,
      expected:
        fault === 'worker' ? 'expected answers or 503, no 500' : 'routes needing it 503 (or served late), no 500',
      observed: `${summarize(during)}`,
      ok: bad.length === 0 && (!mustAnswer503(chaos, fault) || unavailable > 0),
    });
  }
  const unavailable = probes.filter((p) => p.status === 503);
  rows.push({
    invariant: '503s carry Retry-After and error ServiceUnavailable',
    expected: `${unavailable.length} of ${unavailable.length}`,
    observed: `${unavailable.filter((p) => p.retryAfter && p.errorName === 'ServiceUnavailable').length} of ${unavailable.length}`,
    ok: unavailable.every((p) => p.retryAfter && p.errorName === 'ServiceUnavailable'),
  });
  const steady = probes.filter((p) => p.phase === 'steady');
  const unexpected = steady.filter((p) => p.status !== routes.find((r) => r.name === p.route)!.expected);
  rows.push({
    invariant: 'steady phases: expected answers',
    expected: `${steady.length} of ${steady.length}`,
    observed: `${steady.length - unexpected.length} of ${steady.length}${unexpected.length ? ` (${summarize(unexpected)})` : ''}`,
    ok: unexpected.length === 0,
  });
  const recovery = recoverySeconds(probes, chaos, routes);
  const slowest = Object.values(recovery).reduce((worst, r) => (r.seconds > worst.seconds ? r : worst), {
    seconds: 0,
    route: '',
  });
  rows.push({
    invariant: 'recovered by itself (slowest route after an outage)',
    expected: `≤ ${MAX_RECOVERY_SECONDS} s`,
    observed: Object.entries(recovery)
      .map(
        ([fault, r]) => `${fault} ${r.seconds.toFixed(1)} s${r.seconds > MAX_RECOVERY_SECONDS ? ` (${r.route})` : ''}`,
      )
      .join(', '),
    ok: Object.keys(recovery).length ? slowest.seconds <= MAX_RECOVERY_SECONDS : 'n/a',
  });
  rows.push(equal('API or worker exits no fault caused', 0, stack.unexpectedExits.length));
  return rows;
}

/**
 * Whether an outage of `fault` lasted long enough that the API must have answered 503: PostgreSQL refuses at once;
 * the Temporal client retries for about 20 s before giving up; a dead worker only delays Updates.
 */
function mustAnswer503(chaos: ChaosLoop, fault: Fault): boolean {
  if (fault === 'worker') return false;
  const longest = Math.max(
    ...chaos.outages.filter((o) => o.fault === fault && o.endedAt !== null).map((o) => o.endedAt! - o.startedAt),
  );
  return fault === 'postgres' || longest > TEMPORAL_CLIENT_RETRY_MS;
}

function equal(invariant: string, expected: number, observed: number, unit = ''): Row {
  return {
    invariant,
    expected: String(expected),
    observed: `${observed}${unit ? ` ${unit}` : ''}`,
    ok: expected === observed,
  };
}

function summarize(probes: readonly Probe[]): string {
  const byStatus = new Map<string, number>();
  for (const probe of probes) byStatus.set(String(probe.status), (byStatus.get(String(probe.status)) ?? 0) + 1);
  return [...byStatus].map(([status, n]) => `${status}×${n}`).join(' ') || 'no probe';
}
