// The customer's saved payment methods: the port other domains charge and list them through. A checkout's
// confirmation records the method it saved (in its own transaction); the portal adds, sets default and removes.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import { PaymentMethod } from './payment-method.entity';

/** What charges a saved method: the processor's customer and token. */
export interface ChargeableMethod {
  id: string;
  processorCustomerId: string;
  token: string;
  type: string;
}

/** A method the processor saved for a customer, to record. */
export interface SavedMethodInput {
  organizationId: string;
  customerId: string;
  processorCustomerId: string;
  token: string;
  type: string;
  brand?: string | null;
  last4?: string | null;
  expMonth?: number | null;
  expYear?: number | null;
  fingerprint?: string | null;
  /** true: it becomes the default; false: only when the customer has none. */
  makeDefault: boolean;
}

export type StoredPaymentMethod = Readonly<PaymentMethod>;

const chargeable = (m: PaymentMethod | null): ChargeableMethod | null =>
  m && { id: m.id, processorCustomerId: m.processorCustomerId, token: m.token, type: m.type };

export class PaymentMethodStore {
  constructor(private readonly deps: { orm: MikroORM; clock: Clock }) {}

  /** The customer's live methods, the default first, then the newest. */
  list(customerId: string, em: EntityManager = this.deps.orm.em.fork()): Promise<StoredPaymentMethod[]> {
    return em.find(
      PaymentMethod,
      { customerId, deletedAt: null },
      { orderBy: { isDefault: 'desc', createdAt: 'desc', id: 'asc' } },
    );
  }

  /** One live method of the customer, as stored, or null. */
  find(customerId: string, id: string, em: EntityManager = this.deps.orm.em.fork()): Promise<PaymentMethod | null> {
    return em.findOne(PaymentMethod, { id, customerId, deletedAt: null });
  }

  /** What charges the customer's live method `paymentMethodId`, or null. */
  async get(
    customerId: string,
    paymentMethodId: string,
    em: EntityManager = this.deps.orm.em.fork(),
  ): Promise<ChargeableMethod | null> {
    return chargeable(await this.find(customerId, paymentMethodId, em));
  }

  /** What charges the customer's default method, or null when it has none. */
  async defaultFor(customerId: string, em: EntityManager = this.deps.orm.em.fork()): Promise<ChargeableMethod | null> {
    return chargeable(await em.findOne(PaymentMethod, { customerId, isDefault: true, deletedAt: null }));
  }

  /**
   * Records a method the processor saved (the same token again only updates it), in the caller's transaction; the
   * customer's row is locked so that two saves at once cannot both become its default.
   */
  async record(tx: Tx, input: SavedMethodInput): Promise<StoredPaymentMethod> {
    const { em } = tx;
    await em.execute('select id from customer where id = ? for update', [input.customerId]);
    const now = this.deps.clock.now();
    const current = await em.findOne(PaymentMethod, { customerId: input.customerId, deletedAt: null, isDefault: true });
    let method = await em.findOne(PaymentMethod, { customerId: input.customerId, token: input.token, deletedAt: null });
    if (!method) {
      method = em.create(PaymentMethod, {
        id: newId(),
        organizationId: input.organizationId,
        customerId: input.customerId,
        processorCustomerId: input.processorCustomerId,
        token: input.token,
        type: input.type,
        brand: input.brand ?? null,
        last4: input.last4 ?? null,
        expMonth: input.expMonth ?? null,
        expYear: input.expYear ?? null,
        fingerprint: input.fingerprint ?? null,
        isDefault: false,
        createdAt: now,
        modifiedAt: null,
        deletedAt: null,
      });
    }
    if ((input.makeDefault || !current) && current !== method) await this.makeDefault(tx, method, current, now);
    await em.flush();
    return method;
  }

  /** Makes `method` the customer's default in the caller's transaction (`current`: the default it replaces). */
  async makeDefault(tx: Tx, method: PaymentMethod, current: PaymentMethod | null, now = this.deps.clock.now()) {
    if (current && current !== method) {
      Object.assign(current, { isDefault: false, modifiedAt: now });
      await tx.em.flush(); // the unique index allows one default at a time
    }
    Object.assign(method, { isDefault: true, modifiedAt: method.createdAt.getTime() === now.getTime() ? null : now });
    await tx.em.flush();
    await this.showDefault(tx, method.customerId, method.id);
  }

  /** Soft-deletes `method`; when it was the default, `next` (if any) becomes the default. */
  async remove(tx: Tx, method: PaymentMethod, next: PaymentMethod | null): Promise<void> {
    const wasDefault = method.isDefault;
    Object.assign(method, { isDefault: false, deletedAt: this.deps.clock.now(), modifiedAt: this.deps.clock.now() });
    await tx.em.flush();
    if (!wasDefault) return;
    if (next) await this.makeDefault(tx, next, null);
    else await this.showDefault(tx, method.customerId, null);
  }

  /** The customer row shows its default method (`default_payment_method_id`). */
  private async showDefault(tx: Tx, customerId: string, methodId: string | null): Promise<void> {
    await tx.em.execute('update customer set default_payment_method_id = ? where id = ?', [methodId, customerId]);
  }
}
