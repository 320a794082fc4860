// Payments: charging (the one way to), settling and linking them, and reading them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentListQuery } from '../../contracts/payment-list-query';
import { chargePayment, type ChargedPayment, type PaymentCharge } from './charge-payment';
import type { PaymentDeps } from './payment-deps';
import { listPayments, payments } from './payment-list';
import type { Payment } from './payment.entity';
import { linkPayment, settlePayment } from './settle-payment';

export class PaymentService {
  constructor(private readonly deps: PaymentDeps) {}

  /** Charges the customer and records the attempt; throws PaymentDeclined (after recording it) on a decline. */
  charge(input: PaymentCharge): Promise<ChargedPayment> {
    return chargePayment(this.deps, input);
  }

  settle(em: EntityManager, chargeId: string, outcome: Parameters<typeof settlePayment>[3]): Promise<void> {
    return settlePayment(em, this.deps.clock, chargeId, outcome);
  }

  link(em: EntityManager, chargeId: string, link: { orderId: string; customerId: string }): Promise<void> {
    return linkPayment(em, this.deps.clock, chargeId, link);
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<Payment> {
    return payments.get(em, organizationId, id);
  }

  list(em: EntityManager, organizationId: string, query: PaymentListQuery) {
    return listPayments(em, organizationId, query);
  }
}

/** What a domain that charges is given: the charge, and what follows it (its settlement, its order). */
export type PaymentCharger = Pick<PaymentService, 'charge' | 'settle' | 'link'>;
