// Adding, confirming, defaulting and removing a customer's saved methods (the portal's calls). The processor is called
// between transactions, never inside one; each change of the rows is one transaction with the customer's row locked.
import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PaymentDeclined, type PaymentProcessor, type SetupOutcome } from '../../adapters/payment/payment-processor';
import type {
  CustomerPaymentMethodConfirm,
  CustomerPaymentMethodCreate,
  CustomerPaymentMethodCreateResponse,
} from '../../contracts/payment-method';
import { ResourceNotFound } from '../../kernel/errors';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { CustomerOwner } from '../../platform/http/route';
import { Customer } from './customer.entity';
import type { SubscriptionMethods } from './customer-deps';
import { CustomerNotReady, PaymentMethodInUseByActiveSubscription, PaymentMethodSetupFailed } from './customer.errors';
import { PaymentMethod } from './payment-method.entity';
import { paymentMethodOutput } from './payment-method.output';
import type { PaymentMethodStore } from './payment-methods';

export interface PaymentMethodCommandDeps {
  orm: MikroORM;
  processor: PaymentProcessor | null;
  store: PaymentMethodStore;
  subscriptions: SubscriptionMethods;
}

export class PaymentMethodCommands {
  constructor(private readonly deps: PaymentMethodCommandDeps) {}

  /** Sets the method up at the processor (its customer created if need be), then records it. */
  async add(owner: CustomerOwner, body: CustomerPaymentMethodCreate): Promise<CustomerPaymentMethodCreateResponse> {
    const processor = this.processor();
    const processorCustomerId = await this.processorCustomer(processor, owner);
    const digest = createHash('sha256').update(body.confirmation_token_id).digest('base64url');
    const outcome = await declinesAsSetupFailure(() =>
      processor.setupPaymentMethod({
        customerId: processorCustomerId,
        confirmationToken: body.confirmation_token_id,
        returnUrl: body.return_url,
        idempotencyKey: `customer:${owner.customerId}:setup:${digest}`,
      }),
    );
    return this.settle(owner, processorCustomerId, outcome, body.set_default);
  }

  /** A setup that waited for the customer's authentication: recorded once the processor says it succeeded. */
  async confirm(
    owner: CustomerOwner,
    body: CustomerPaymentMethodConfirm,
  ): Promise<CustomerPaymentMethodCreateResponse> {
    const processor = this.processor();
    const [known] = await this.deps.store.list(owner.customerId);
    const processorCustomerId = known?.processorCustomerId ?? (await this.processorCustomer(processor, owner));
    const outcome = await declinesAsSetupFailure(() =>
      processor.confirmSetup({ customerId: processorCustomerId, setupIntentId: body.setup_intent_id }),
    );
    if (!outcome) throw new CustomerNotReady('No payment method setup of this customer has this ID.');
    return this.settle(owner, processorCustomerId, outcome, body.set_default);
  }

  /** Makes the method the customer's default; the running subscriptions charge it from now on. */
  async setDefault(tx: Tx, owner: CustomerOwner, id: string): Promise<void> {
    await lockCustomer(tx, owner);
    const method = await this.find(tx, owner, id);
    if (!method.isDefault) {
      const current = await tx.em.findOne(PaymentMethod, {
        customerId: owner.customerId,
        isDefault: true,
        deletedAt: null,
      });
      await this.deps.store.makeDefault(tx, method, current);
    }
    await this.deps.subscriptions.move(tx.em, owner.customerId, null, method);
  }

  /**
   * Removes the method. Running subscriptions charged with it move to the customer's default (or, when it was the
   * default, to its newest other method, which becomes the default); refused when it is the customer's last method.
   */
  async remove(tx: Tx, owner: CustomerOwner, id: string): Promise<void> {
    await lockCustomer(tx, owner);
    const method = await this.find(tx, owner, id);
    const others = (await this.deps.store.list(owner.customerId, tx.em)).filter((m) => m.id !== method.id);
    const next = (others.find((m) => m.isDefault) ?? others[0] ?? null) as PaymentMethod | null;
    if (await this.deps.subscriptions.usesToken(tx.em, owner.customerId, method.token)) {
      if (!next) {
        throw new PaymentMethodInUseByActiveSubscription(
          'A running subscription is charged with this payment method: add another one first.',
        );
      }
      await this.deps.subscriptions.move(tx.em, owner.customerId, method.token, next);
    }
    await this.deps.store.remove(tx, method, next);
  }

  private async settle(
    owner: CustomerOwner,
    processorCustomerId: string,
    outcome: SetupOutcome,
    setDefault: boolean,
  ): Promise<CustomerPaymentMethodCreateResponse> {
    if (outcome.status === 'requires_action') return { status: 'requires_action', client_secret: outcome.clientSecret };
    const { method } = outcome;
    const stored = await inTransaction(this.deps.orm, async (tx) => {
      const saved = await this.deps.store.record(tx, {
        ...owner,
        processorCustomerId,
        ...method,
        makeDefault: setDefault,
      });
      if (setDefault) await this.deps.subscriptions.move(tx.em, owner.customerId, null, saved);
      return saved;
    });
    return { status: 'succeeded', payment_method: paymentMethodOutput(stored) };
  }

  private processor(): PaymentProcessor {
    if (!this.deps.processor) throw new PaymentMethodSetupFailed('No payment processor is configured.');
    return this.deps.processor;
  }

  /** The customer at the processor: the one its saved methods belong to, else the one checkouts create. */
  private async processorCustomer(processor: PaymentProcessor, owner: CustomerOwner): Promise<string> {
    const [known] = await this.deps.store.list(owner.customerId);
    if (known) return known.processorCustomerId;
    const em = this.deps.orm.em.fork();
    const customer = await em.findOne(Customer, { id: owner.customerId, organizationId: owner.organizationId });
    if (!customer) throw new ResourceNotFound('Customer not found.');
    const created = await processor.createCustomer({
      email: customer.email,
      name: customer.name,
      idempotencyKey: `customer:${customer.id}`,
    });
    return created.customerId;
  }

  private async find(tx: Tx, owner: CustomerOwner, id: string): Promise<PaymentMethod> {
    const method = await this.deps.store.find(owner.customerId, id, tx.em);
    if (!method || method.organizationId !== owner.organizationId)
      throw new ResourceNotFound('Payment method not found.');
    return method;
  }
}

async function lockCustomer(tx: Tx, owner: CustomerOwner): Promise<void> {
  await tx.em.execute('select id from customer where id = ? and organization_id = ? for update', [
    owner.customerId,
    owner.organizationId,
  ]);
}

async function declinesAsSetupFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentDeclined) throw new PaymentMethodSetupFailed(error.message);
    throw error;
  }
}
