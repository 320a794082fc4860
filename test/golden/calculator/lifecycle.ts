// The subscription played through its timeline: each renewal, change, pause, charge and refund in time order.
import type { Action, Discount, Expected, Interval, Line, Order, PriceSpec, Refund, Scenario } from '../scenario';
import { lastsInto } from './discounts';
import { orderOf, refundOf, type Draft } from './orders';
import { DAY_MS, dayOf, nextPeriod } from './periods';
import { staticAmount, staticParts } from './prices';
import { pauseCredit, prorationLines, type Span } from './proration';
import { isMetered, usageLines } from './usage';

/** README "Dunning": retries 2, 5, 7 and 7 days after the failure before them. */
const RETRY_DAYS = [2, 5, 7, 7];

type Status = NonNullable<Expected['subscription']>['status'];
type Plan = { price: PriceSpec; seats: number };

const lines = (amounts: number[], proration: boolean): Line[] => amounts.map((amount) => ({ amount, proration }));

export class Lifecycle {
  readonly orders: Order[] = [];
  readonly refunds: Refund[] = [];
  status: Status = 'active';
  plan: Plan;
  discount: Discount | null;
  private appliedAt: number | null = null;
  private anchorDay = 0;
  private start = 0;
  private end = 0;
  /** Proration lines and carried credits owed to the next order. */
  private pending: Line[] = [];
  /** Metered lines a plan change left for the next renewal. */
  private pendingUsage: Line[] = [];
  /** Usage from here on is not billed yet. */
  private baseline = 0;
  private update: Plan | null = null;
  private cancelAtEnd = false;
  private resumesAt: number | null = null;
  private credit = 0;
  private declines: boolean;
  private readonly dunning = new Map<Order, { retry: number; at: number }>();

  constructor(private readonly s: Scenario) {
    this.plan = { price: s.price, seats: s.seats ?? 1 };
    // spec, is_discount_applicable: free and custom prices are not discountable
    this.discount = s.price.model === 'custom' ? null : s.discount;
    // lifecycle-semantics §1.1 is_payment_setup_required: a free plan's checkout saves no card, so every charge fails
    this.declines = s.price.model === 'free';
  }

  get interval(): Interval {
    return this.s.interval!;
  }

  run(): void {
    const at = Date.parse(this.s.start);
    this.checkout(at);
    const until = Date.parse(this.s.until);
    const actions = [...this.s.actions];
    for (;;) {
      const due = this.nextDue();
      const action = actions[0];
      const actionAt = action ? Date.parse(action.at) : Infinity;
      // Timers due at an action's instant run first: the clock is advanced to it before the action is taken.
      if (due && due.at <= until && due.at <= actionAt) due.run();
      else if (action && actionAt <= until) this.act(actions.shift()!, actionAt);
      else break;
    }
  }

  /** lifecycle-semantics §1.13: a checkout's order is paid; one line per static price; none during a trial. */
  private checkout(at: number): void {
    const amount = staticAmount(this.plan.price, this.plan.seats);
    if (!this.s.interval) {
      this.write({ billing_reason: 'purchase', lines: lines([amount], false), discount: this.discount, at }, 'paid');
      return;
    }
    this.start = at;
    this.baseline = at;
    this.anchorDay = dayOf(at);
    if (this.s.trial) {
      this.status = 'trialing';
      this.end = nextPeriod(at, this.s.trial, this.anchorDay);
      return;
    }
    this.end = nextPeriod(at, this.interval, this.anchorDay);
    this.appliedAt = at;
    const draft: Draft = {
      billing_reason: 'subscription_create',
      lines: lines([amount], false),
      discount: this.discount,
      at,
    };
    this.write(draft, 'paid');
  }

  private nextDue(): { at: number; run: () => void } | null {
    const due: { at: number; run: () => void }[] = [];
    for (const [order, d] of this.dunning) due.push({ at: d.at, run: () => this.retry(order, d.at) });
    // README "Dunning": while an order is dunned the next renewal waits; on recovery the periods ended meanwhile renew
    if (this.s.interval && ['trialing', 'active'].includes(this.status))
      due.push({ at: this.end, run: () => this.renew(this.end) });
    if (this.status === 'paused' && this.resumesAt !== null) {
      const at = this.resumesAt;
      due.push({ at, run: () => this.resume(at) });
    }
    return due.sort((a, b) => a.at - b.at)[0] ?? null;
  }

  private act(action: Action, at: number): void {
    if (action.kind === 'card') this.declines = action.declines;
    else if (action.kind === 'refund') this.refund(action.order, action.part);
    else if (action.kind === 'usage' || !this.s.interval || this.status === 'canceled') return;
    else if (action.kind === 'revoke') this.revoke();
    else if (action.kind === 'cancel_at_period_end') this.cancelAtEnd = this.status !== 'paused';
    else if (action.kind === 'pause_now') this.pause(at, Date.parse(action.resumesAt));
    else if (action.kind === 'change_product') this.change({ ...this.plan, price: action.price }, action.proration, at);
    else this.change({ ...this.plan, seats: action.seats }, action.proration, at);
  }

  private usageUnits(from: number, to: number): number {
    return this.s.actions
      .filter((a): a is Extract<Action, { kind: 'usage' }> => a.kind === 'usage')
      .filter((a) => Date.parse(a.at) >= from && Date.parse(a.at) < to)
      .reduce((n, a) => n + a.units, 0);
  }

  /** The usage not billed yet, up to `to`, at the current metered price; the meter is reset. */
  private billUsage(to: number): Line[] {
    const price = this.plan.price;
    if (!isMetered(price)) return [];
    const billed = lines(usageLines(price, this.usageUnits(this.baseline, to)), false);
    this.baseline = to;
    return billed;
  }

  /** A new period from `at`: the discount's expiry checked against its start (lifecycle-semantics §3.9). */
  private enterPeriod(at: number): void {
    this.start = at;
    this.end = nextPeriod(at, this.interval, this.anchorDay);
    if (!this.discount) return;
    if (this.appliedAt === null) this.appliedAt = at;
    else if (!lastsInto(this.discount, this.appliedAt, at)) this.discount = null;
  }

  private renew(at: number): void {
    if (this.cancelAtEnd) return this.endAtPeriodEnd(at);
    const trial = this.status === 'trialing';
    const usage = [...this.pendingUsage, ...this.billUsage(at)];
    this.pendingUsage = [];
    if (this.update) [this.plan, this.update] = [this.update, null];
    if (trial) this.anchorDay = dayOf(at);
    this.enterPeriod(at);
    const charge = lines(staticParts(this.plan.price, this.plan.seats), false);
    const reason = trial ? 'subscription_create' : 'subscription_cycle';
    this.bill({
      billing_reason: reason,
      lines: [...charge, ...usage, ...this.takePending()],
      discount: this.discount,
      at,
    });
  }

  /** README "Customer meters": the last period's usage in a final order, none when there is nothing to charge. */
  private endAtPeriodEnd(at: number): void {
    const usage = [...this.pendingUsage, ...this.billUsage(at)];
    this.status = 'canceled';
    this.pending = [];
    if (usage.reduce((a, l) => a + l.amount, 0) <= 0) return;
    // lifecycle-semantics §2.4: a meter-cycle order takes only a percentage discount.
    const discount = this.discount?.type === 'percentage' ? this.discount : null;
    const { order } = orderOf({ billing_reason: 'subscription_meter_cycle', lines: usage, discount, at }, this.s.buyer);
    order.status = order.total_amount > 0 && this.declines ? 'void' : 'paid';
    this.orders.push(order);
  }

  private takePending(): Line[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /** Writes the order; `paid` as given, else charged off-session, a decline starting dunning. */
  private write(draft: Draft, status?: Order['status']): Order {
    const { order, carried } = orderOf(draft, this.s.buyer);
    this.pending.push(...carried);
    order.status = status ?? (order.total_amount > 0 && this.declines ? 'pending' : 'paid');
    this.orders.push(order);
    return order;
  }

  private bill(draft: Draft): void {
    const order = this.write(draft);
    if (order.status === 'pending') this.dunning.set(order, { retry: 0, at: draft.at + RETRY_DAYS[0]! * DAY_MS });
    this.settleStatus();
  }

  private settleStatus(): void {
    if (['trialing', 'active', 'past_due'].includes(this.status))
      this.status = this.dunning.size > 0 ? 'past_due' : 'active';
  }

  private retry(order: Order, at: number): void {
    const d = this.dunning.get(order)!;
    if (!this.declines) {
      order.status = 'paid';
      this.dunning.delete(order);
      return this.settleStatus();
    }
    d.retry += 1;
    if (d.retry === RETRY_DAYS.length) return this.revoke();
    d.at = at + RETRY_DAYS[d.retry]! * DAY_MS;
  }

  /** Ends now: pending orders void, pending credits and unbilled usage dropped (README "Pause and resume"). */
  private revoke(): void {
    this.status = 'canceled';
    for (const order of this.orders) if (order.status === 'pending') order.status = 'void';
    this.dunning.clear();
    this.pending = [];
  }

  /** README "Pause and resume": only an active subscription pauses; the period ends now, its unused time credited. */
  private pause(at: number, resumesAt: number): void {
    if (this.status !== 'active' || this.cancelAtEnd || resumesAt <= at) return;
    const span: Span = { left: this.end - at, length: this.end - this.start };
    this.credit = pauseCredit(this.plan.price, this.plan.seats, this.discount, span);
    this.end = at;
    this.status = 'paused';
    this.resumesAt = resumesAt;
  }

  /** A new period on the resume date, its anchor day, charged like a renewal with the credit and the unbilled usage. */
  private resume(at: number): void {
    const usage = [...this.pendingUsage, ...this.billUsage(at)];
    this.pendingUsage = [];
    this.status = 'active';
    this.resumesAt = null;
    this.anchorDay = dayOf(at);
    this.enterPeriod(at);
    const charge = lines(staticParts(this.plan.price, this.plan.seats), false);
    const credit = this.credit !== 0 ? lines([this.credit], true) : [];
    this.credit = 0;
    const all = [...charge, ...usage, ...credit, ...this.takePending()];
    this.bill({ billing_reason: 'subscription_cycle', lines: all, discount: this.discount, at });
  }

  /** README commands table: `prorate` bills credit and charge with the next renewal, `invoice` now, `next_period` then. */
  private change(target: Plan, proration: 'prorate' | 'invoice' | 'next_period', at: number): void {
    if (this.status === 'paused') return;
    if (proration === 'next_period') {
      this.update = target;
      return;
    }
    if (this.status === 'trialing') {
      this.plan = target;
      return;
    }
    const span: Span = { left: this.end - at, length: this.end - this.start };
    const changeLines = lines(
      [
        ...prorationLines(this.plan.price, this.plan.seats, this.discount, span, -1),
        ...prorationLines(target.price, target.seats, this.discount, span, 1),
      ],
      true,
    );
    // README commands table: `invoice` charges the difference now; a difference of nothing or less joins the renewal
    const due = changeLines.reduce((sum, line) => sum + line.amount, 0);
    if (proration === 'invoice' && due > 0) {
      const draft: Draft = { billing_reason: 'subscription_update', lines: changeLines, discount: null, at };
      const { order } = orderOf(draft, this.s.buyer);
      if (order.total_amount > 0 && this.declines) return;
      this.write(draft, 'paid');
    } else this.pending.push(...changeLines);
    // README "A product change": the old plan's usage so far settled at its rates, lines of nothing left out
    if (target.price !== this.plan.price) {
      const settled = this.billUsage(at);
      if (settled.some((line) => line.amount > 0)) this.pendingUsage.push(...settled.filter((l) => l.amount !== 0));
    }
    this.plan = target;
  }

  private refund(index: number, part: 'partial' | 'full'): void {
    const order = this.orders[index];
    const refund = order && refundOf(order, index, part);
    if (refund) this.refunds.push(refund);
  }
}
