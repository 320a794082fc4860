// Payments: charging (the one way to), settling and linking them, and reading them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentListQuery } from '../../contracts/payment-list-query';
import { chargePayment, type ChargedPayment, type PaymentCharge } from './charge-payment';
import type { PaymentDeps } from './payment-deps';
import { listPayments, payments } from './payment-list';
import { Payment } from './payment.entity';
import type { Tx } from '../../platform/database/transaction';
import { cancelPendingCharge, linkPayment, settlePayment } from './settle-payment';

export class PaymentService {
  constructor(private readonly deps: PaymentDeps) {}

  /** Charges the customer and records the attempt; throws PaymentDeclined (after recording it) on a decline. */
  charge(input: PaymentCharge): Promise<ChargedPayment> {
    return chargePayment(this.deps, input);
  }

  settle(em: EntityManager, chargeId: string, outcome: Parameters<typeof settlePayment>[3]): Promise<void> {
    return settlePayment(em, this.deps.clock, chargeId, outcome);
  }

  /** A pending charge canceled at the processor (unless it went through meanwhile), and its payment settled. */
  cancelPending(input: Parameters<typeof cancelPendingCharge>[1]): Promise<'canceled' | 'succeeded'> {
    return cancelPendingCharge(this.deps, input);
  }

  /** Links the charge's payment to the order it paid for, in the transaction that writes the order. */
  link(tx: Tx, chargeId: string, link: { orderId: string; customerId: string }): Promise<void> {
    return linkPayment(tx, this.deps, chargeId, link);
  }

  /** The payment of a processor charge (`ch_…` or `pi_…`), of any organization. */
  async ofCharge(em: EntityManager, chargeIds: readonly string[]): Promise<Payment | null> {
    if (!chargeIds.length) return null;
    return em.findOne(Payment, { processorChargeId: { $in: [...chargeIds] } });
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<Payment> {
    return payments.get(em, organizationId, id);
  }

  list(em: EntityManager, organizationId: string, query: PaymentListQuery) {
    return listPayments(em, organizationId, query);
  }
}

/** What a domain that charges is given: the charge, and what follows it (its settlement, its order). */
export type PaymentCharger = Pick<PaymentService, 'charge' | 'settle' | 'cancelPending' | 'link'>;
