// The sources of benefit grants — one-time orders and subscriptions — read through the domains that own them, for
// the benefit domain (which the order and subscription domains call, so it cannot import them).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GrantSource } from '../../workflows/definitions';
import type { GrantSources, GrantSourceState, LicenseKeySourceReader } from '../domains/benefit';
import type { ProductService } from '../domains/catalog';
import { Customer } from '../domains/customer';
import { wasPaid, type OrderQueries, type OrderService, type RefundService } from '../domains/order';
import type { SubscriptionService } from '../domains/subscription';
import type { TestClockQueries } from '../domains/test-clock';
import { ResourceNotFound } from '../kernel/errors';

export interface GrantSourceDeps {
  orders: () => OrderService;
  orderQueries: OrderQueries;
  refunds: () => RefundService;
  subscriptions: () => SubscriptionService;
  products: () => ProductService;
  testClocks: TestClockQueries;
}

/** Paid one-time orders until a refund revokes their benefits; subscriptions while trialing, active or retrying payment. */
export function grantSources(deps: GrantSourceDeps): GrantSources {
  return {
    async state(em: EntityManager, organizationId: string, source: GrantSource): Promise<GrantSourceState | null> {
      if (source.kind === 'order') {
        const order = await deps.orders().get(em, organizationId, source.id).catch(absent);
        if (!order) return null;
        const paid = order.billingReason === 'purchase' && wasPaid(order.status);
        const active = paid && !(await deps.refunds().revokesBenefits(em, order.id));
        const customer = await em.findOne(Customer, { id: order.customerId });
        const at = await deps.testClocks.now(em, customer?.testClockId ?? null);
        return { customerId: order.customerId, productId: order.productId, active, oneTime: true, cycleKey: null, at, endedAt: null };
      }
      const subscription = await deps.subscriptions().get(em, organizationId, source.id).catch(absent);
      if (!subscription) return null;
      const renewal = await deps.orderQueries.lastPaidRenewalOf(em, subscription.id);
      return {
        customerId: subscription.customerId,
        productId: subscription.productId,
        active: ['trialing', 'active', 'past_due'].includes(subscription.status),
        oneTime: false,
        cycleKey: renewal?.cycleKey ?? null,
        at: await deps.testClocks.now(em, subscription.testClockId),
        endedAt: subscription.endedAt,
      };
    },
    async holders(em, organizationId, productId) {
      const orders = await deps.orderQueries.purchasesOf(em, organizationId, productId);
      const subscriptions = await deps.subscriptions().liveOf(em, organizationId, productId);
      return [
        ...orders.map((o) => ({ customerId: o.customerId, source: { kind: 'order', id: o.id } as const })),
        ...subscriptions.map((s) => ({ customerId: s.customerId, source: { kind: 'subscription', id: s.id } as const })),
      ];
    },
    async productBenefitIds(em, organizationId, productId) {
      const product = await deps.products().get(em, organizationId, productId).catch(absent);
      return product?.benefitIds ?? [];
    },
  };
}

/** What granted a license key, as validate and activate show it: the subscription's period, the order's payment. */
export function licenseKeySources(deps: Pick<GrantSourceDeps, 'orders' | 'subscriptions'>): LicenseKeySourceReader {
  return {
    async subscription(em, organizationId, id) {
      const s = await deps.subscriptions().get(em, organizationId, id).catch(absent);
      return (
        s && {
          id: s.id,
          status: s.status,
          current_period_start: s.currentPeriodStart.toISOString(),
          current_period_end: s.currentPeriodEnd.toISOString(),
          cancel_at_period_end: s.cancelAtPeriodEnd,
          ends_at: s.endsAt?.toISOString() ?? null,
        }
      );
    },
    async order(em, organizationId, id) {
      const order = await deps.orders().get(em, organizationId, id).catch(absent);
      return order && { id: order.id, created_at: order.createdAt.toISOString(), status: order.status, paid: wasPaid(order.status) };
    },
  };
}

/** Not found is an answer (the source is gone); anything else is an error for the activity to retry. */
function absent(error: unknown): null {
  if (error instanceof ResourceNotFound) return null;
  throw error;
}
