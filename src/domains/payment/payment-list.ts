// A page of an organization's payments, narrowed by checkout, order, customer, status and method, and sorted.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentListQuery } from '../../contracts/payment-list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import { Payment } from './payment.entity';

const SORT_COLUMNS = { created_at: 'createdAt', status: 'status', amount: 'amount', method: 'method' } as const;

export const payments = new OwnedRepository(Payment, { label: 'Payment' });

export function listPayments(em: EntityManager, organizationId: string, query: PaymentListQuery) {
  return payments.list(em, organizationId, query, {
    alias: 'p',
    sort: SORT_COLUMNS,
    where: (qb) => {
      if (query.checkout_id) qb.andWhere({ checkoutId: { $in: query.checkout_id } });
      if (query.order_id) qb.andWhere({ orderId: { $in: query.order_id } });
      if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
      if (query.status) qb.andWhere({ status: { $in: query.status } });
      if (query.method) qb.andWhere({ method: { $in: query.method } });
      if (query.customer_email) {
        const emails = query.customer_email.map((email) => email.toLowerCase());
        qb.andWhere(
          `(lower(p.customer_email) in (?) or p.customer_id in
            (select c.id from customer c where c.organization_id = p.organization_id and lower(c.email) in (?)))`,
          [emails, emails],
        );
      }
    },
  });
}
