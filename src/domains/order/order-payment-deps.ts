// What paying orders now is built from.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { FlowClient } from '../../platform/temporal/flow-client';
import type { CustomerService, PaymentMethodStore } from '../customer';
import type { PaymentCharger } from '../payment';
import type { OrderDocumentService } from './document/order-document.service';
import type { OrderService } from './order.service';

export interface OrderPaymentDeps {
  orm: MikroORM;
  flows: FlowClient;
  orders: OrderService;
  documents: OrderDocumentService;
  customers: CustomerService;
  processor: PaymentProcessor | null;
  /** Every charge goes through it, so that each attempt is a payment record. */
  payments: PaymentCharger;
  /** The customer's saved methods: a `payment_method_id` must be one of them, and a new card that pays is kept. */
  savedMethods: Pick<PaymentMethodStore, 'get' | 'record'>;
}
