// What paying orders now is built from, and the port through which it reads a customer's saved payment methods.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { FlowClient } from '../../platform/temporal/flow-client';
import type { CustomerService } from '../customer';
import type { PaymentCharger } from '../payment';
import type { OrderDocumentService } from './document/order-document.service';
import type { OrderService } from './order.service';

/** A customer's saved payment method as a charge needs it (the payment-method store's port). */
export interface SavedMethodLookup {
  chargeable(
    em: EntityManager,
    customerId: string,
    paymentMethodId: string,
  ): Promise<{ processorCustomerId: string; token: string } | null>;
}

export interface OrderPaymentDeps {
  orm: MikroORM;
  flows: FlowClient;
  orders: OrderService;
  documents: OrderDocumentService;
  customers: CustomerService;
  processor: PaymentProcessor | null;
  /** Every charge goes through it, so that each attempt is a payment record. */
  payments: PaymentCharger;
  /** The customer's saved methods (the customer domain's store): a `payment_method_id` must be one of them. */
  savedMethods: SavedMethodLookup | null;
}
