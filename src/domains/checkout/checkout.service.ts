// Checkout sessions: create, read, update (by the merchant or, through the client secret, by the customer), list.
// Every change recomputes the amounts from the selected price, the discount and the tax engine (checkout-pricing.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Checkout as CheckoutOutput } from '../../contracts/checkout';
import type { CheckoutCreate } from '../../contracts/checkout-create';
import type { CheckoutListQuery } from '../../contracts/checkout-list';
import type { CheckoutUpdate, CheckoutUpdatePublic } from '../../contracts/checkout-update';
import type { Product as ProductOutput } from '../../contracts/product';
import { ResourceNotFound } from '../../kernel/errors';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Tx } from '../../platform/database/transaction';
import { checkedTaxId } from '../tax';
import { Checkout } from './checkout.entity';
import { checkoutOutput } from './checkout.output';
import { checkoutPublicOutput } from './checkout-public.output';
import { assertNotExpired, assertOpen } from './checkout-guards';
import { listCheckouts } from './list-checkouts';
import { checkCustomFields } from './checkout-custom-fields';
import { checkoutNow, type CheckoutDeps } from './checkout-deps';
import { recomputeCheckout } from './checkout-pricing';
import { productsOf, rememberProducts } from './checkout-products';
import { createCheckout } from './create-checkout';
import { updateCheckout } from './update-checkout';

const checkouts = new OwnedRepository(Checkout, { label: 'Checkout' });

export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  /** Writes a new session; starts its workflow and writes checkout.created through the outbox. */
  create(tx: Tx, organizationId: string, input: CheckoutCreate): Promise<Checkout> {
    return createCheckout(this.deps, tx, organizationId, input);
  }

  /** The checkout as the merchant sees it (and webhooks carry it). */
  output(em: EntityManager, checkout: Checkout): Promise<CheckoutOutput> {
    return checkoutOutput(em, this.deps, checkout);
  }

  /** The checkout as its customer sees it through the client secret. */
  publicOutput(em: EntityManager, checkout: Checkout) {
    return checkoutPublicOutput(em, this.deps, checkout);
  }

  /** The organization's products among `ids` as the API shows them, in that order (read once per unit of work). */
  products(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<ProductOutput[]> {
    return productsOf(this.deps.products, em, organizationId, ids);
  }

  /** Products a unit of work read, handed to the next one of the same step (they are not read again there). */
  rememberProducts(em: EntityManager, organizationId: string, products: readonly ProductOutput[]): void {
    rememberProducts(em, organizationId, products);
  }

  /** `forUpdate` locks the row until the transaction ends (updates must not interleave with a confirmation). */
  get(em: EntityManager, organizationId: string, id: string, forUpdate = false): Promise<Checkout> {
    return checkouts.get(em, organizationId, id, { lock: forUpdate });
  }

  async getBySecret(em: EntityManager, clientSecret: string): Promise<Checkout> {
    const checkout = await em.findOne(Checkout, { clientSecret });
    if (!checkout) throw new ResourceNotFound('Checkout not found.');
    return checkout;
  }

  /** Applies an update to an open session (by the merchant, or the customer through the client secret). */
  update(tx: Tx, checkout: Checkout, input: CheckoutUpdate | CheckoutUpdatePublic): Promise<Checkout> {
    return updateCheckout(this.deps, tx, checkout, input);
  }

  /** The session's custom field values against its product's fields; `complete` also requires the required ones. */
  checkCustomFields(checkout: Checkout, products: ProductOutput[], complete: boolean): void {
    checkCustomFields(checkout, products, complete);
  }

  list(em: EntityManager, organizationId: string, query: CheckoutListQuery) {
    return listCheckouts(em, organizationId, query);
  }

  /** Amounts, discount and tax of the session as it stands; a discount that no longer applies is dropped. */
  recompute(em: EntityManager, checkout: Checkout, products?: ProductOutput[]): Promise<void> {
    return recomputeCheckout(this.deps, em, checkout, products);
  }

  /** A session the customer may still see: 410 once its time ran out. */
  assertNotExpired(em: EntityManager, checkout: Checkout): Promise<void> {
    return assertNotExpired(this.deps, em, checkout);
  }

  /** A session that may still change: not expired (410), and open (403). */
  assertOpen(em: EntityManager, checkout: Checkout): Promise<void> {
    return assertOpen(this.deps, em, checkout);
  }

  /** The session's time: its test clock's, else wall time. */
  now(em: EntityManager, checkout: Checkout): Promise<Date> {
    return checkoutNow(this.deps, em, checkout);
  }

  /** The validated tax ID when one was given, or a 422. */
  checkedTaxId(checkout: Checkout): [string, string] | null {
    return checkedTaxId(checkout.customerTaxId, checkout.customerBillingAddress?.country, ['body', 'customer_tax_id']);
  }
}
