// The order domain's rule for benefits: a paid one-time purchase entitles its customer to the product's benefits until
// a refund that revokes them. The benefit domain reads it through `GrantSourceReader`, and license keys show the order.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LicenseKeySources } from '../../contracts/license-key-sources';
import type { GrantSourceReader } from '../benefit';
import { customerById } from '../customer';
import type { TestClockQueries } from '../test-clock';
import { Order } from './order.entity';
import { PAID_ORDER_STATUSES, wasPaid } from './order.logic';
import { Refund } from './refund/refund.entity';

export function orderGrantSource(testClocks: TestClockQueries): GrantSourceReader {
  return {
    async state(em, organizationId, id) {
      const order = await em.findOne(Order, { id, organizationId });
      if (!order) return null;
      const paid = order.billingReason === 'purchase' && wasPaid(order.status);
      const active =
        paid &&
        !order.disputeRevokedBenefits &&
        !(await em.count(Refund, { orderId: order.id, status: 'succeeded', revokeBenefits: true }));
      const customer = await customerById(em, organizationId, order.customerId);
      const at = await testClocks.now(em, customer?.testClockId ?? null);
      return {
        customerId: order.customerId,
        productId: order.productId,
        active,
        oneTime: true,
        cycleKey: null,
        at,
        endedAt: null,
        memberId: null,
      };
    },
    /** Paid purchases of the product, refunded ones too (`state` judges whether a refund revoked them). */
    async holders(em, organizationId, productId) {
      const where = {
        organizationId,
        productId,
        billingReason: 'purchase',
        status: { $in: [...PAID_ORDER_STATUSES] },
      } as const;
      return (await em.find(Order, where)).map((o) => ({ customerId: o.customerId, id: o.id }));
    },
  };
}

/** The order that granted a license key, as validate and activate show it. */
export async function orderOfLicenseKey(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<LicenseKeySources['order']> {
  const order = await em.findOne(Order, { id, organizationId });
  return (
    order && {
      id: order.id,
      created_at: order.createdAt.toISOString(),
      status: order.status,
      paid: wasPaid(order.status),
    }
  );
}
