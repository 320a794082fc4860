// Checkout sessions: create, read, update (by the merchant or, through the client secret, by the customer), list.
// Every change recomputes the amounts from the selected price, the discount and the tax engine.
import { flowStart } from '../../platform/temporal/flow-start';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FLOWS, clockInput, type CheckoutInput } from '../../../workflows/definitions';
import type {
  Checkout as CheckoutOutput,
  CheckoutCreate,
  CheckoutListQuery,
  CheckoutUpdate,
  CheckoutUpdatePublic,
} from '../../contracts/checkout';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { Product as ProductOutput } from '../../contracts/product';
import { addInterval } from '../../kernel/calendar';
import type { Clock } from '../../kernel/clock';
import { RequestValidationError, ResourceNotFound, invalidField, type ValidationIssue } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import { discountRefusal, discountRule, type DiscountService } from '../discount';
import type { OrganizationService } from '../organization';
import { checkedTaxId, type SellerOfRecord } from '../tax';
import type { TestClockQueries } from '../test-clock';
import { Checkout } from './checkout.entity';
import { ExpiredCheckoutError, NotOpenCheckout } from './checkout.errors';
import {
  activeTrial,
  buyerIssue,
  checkoutAmounts,
  checkoutCurrency,
  customFieldIssues,
  type AttachedFieldRule,
  type CheckoutPrice,
} from './checkout.logic';
import { checkoutOutput, checkoutPublicOutput } from './checkout.output';

export interface CheckoutDeps {
  clock: Clock;
  outbox: OutboxService;
  seller: SellerOfRecord;
  ttlSeconds: number;
  publicUrl: string;
  products: ProductService;
  discounts: DiscountService;
  customers: CustomerService;
  testClocks: TestClockQueries;
  organizations: OrganizationService;
}

const SORT_COLUMNS = { created_at: 'createdAt', expires_at: 'expiresAt', status: 'status' } as const;

const checkouts = new OwnedRepository(Checkout, { label: 'Checkout' });

export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  async create(tx: Tx, organizationId: string, input: CheckoutCreate): Promise<Checkout> {
    const products = await this.products(tx.em, organizationId, input.products);
    const issues: ValidationIssue[] = [];
    input.products.forEach((id, i) => {
      const product = products.find((p) => p.id === id);
      if (!product || product.is_archived)
        issues.push({
          loc: ['body', 'products', i],
          msg: 'No such product in this organization.',
          type: 'unknown_product',
        });
    });
    if (issues.length) throw new RequestValidationError(issues);
    const customer = input.customer_id
      ? await this.deps.customers.find(tx.em, organizationId, input.customer_id)
      : null;
    if (input.customer_id && !customer)
      throw invalidField(['body', 'customer_id'], 'No such customer in this organization.');

    const product = products.find((p) => p.id === input.products[0])!;
    const chosen = checkoutCurrency(input.currency, offeredCurrencies(product));
    if ('refusal' in chosen) throw invalidField(['body', 'currency'], chosen.refusal);
    const { currency } = chosen;
    const price = staticPrice(product, currency)!;
    if (input.test_clock_id)
      await this.deps.testClocks.attachable(tx.em, organizationId, input.test_clock_id, ['body', 'test_clock_id']);
    const testClockId = input.test_clock_id ?? customer?.testClockId ?? null;
    const now = await this.deps.testClocks.now(tx.em, testClockId);
    const checkout = tx.em.create(Checkout, {
      id: newId(),
      organizationId,
      status: 'open',
      clientSecret: `bursar_c_${randomBytes(32).toString('base64url')}`,
      productIds: [...new Set(input.products)],
      productId: product.id,
      productPriceId: price.id,
      currency,
      customAmount: input.amount ?? null,
      seats: input.seats ?? null,
      discountId: input.discount_id ?? null,
      allowDiscountCodes: input.allow_discount_codes,
      requireBillingAddress: input.require_billing_address || Boolean(input.customer_billing_address?.line1),
      isBusinessCustomer: input.is_business_customer ?? false,
      allowTrial: input.allow_trial,
      trialInterval: input.trial_interval ?? null,
      trialIntervalCount: input.trial_interval_count ?? null,
      trialEnd: null,
      testClockId,
      subscriptionId: null,
      customerId: input.customer_id ?? null,
      customerName: input.customer_name ?? customer?.name ?? null,
      customerEmail: input.customer_email ?? customer?.email ?? null,
      customerIpAddress: input.customer_ip_address ?? null,
      customerBillingName: input.customer_billing_name ?? null,
      customerBillingAddress: input.customer_billing_address ?? null,
      customerTaxId: input.customer_tax_id ?? null,
      customerMetadata: input.customer_metadata,
      externalCustomerId: input.external_customer_id ?? null,
      customerSessionAllowed: Boolean(input.customer_id),
      metadata: input.metadata,
      customFieldData: input.custom_field_data,
      successUrl: input.success_url ?? null,
      returnUrl: input.return_url ?? null,
      embedOrigin: input.embed_origin ?? null,
      locale: input.locale ?? null,
      taxBehavior: null,
      amount: 0,
      discountAmount: 0,
      netAmount: 0,
      taxAmount: null,
      totalAmount: 0,
      paymentError: null,
      orderId: null,
      expiresAt: new Date(now.getTime() + this.deps.ttlSeconds * 1000),
      createdAt: now,
      modifiedAt: null,
    });
    await this.recompute(tx.em, checkout, products);
    this.checkCustomFields(checkout, products, false);
    await tx.em.flush();
    this.startWorkflow(tx, checkout);
    this.deps.outbox.enqueueEvent(tx, checkout.organizationId, 'checkout.created', await this.output(tx.em, checkout));
    return checkout;
  }

  /** Starts `checkout:<id>` (expiry, confirmation, payment) through the outbox, on the session's test clock if any. */
  private startWorkflow(tx: Tx, checkout: Checkout): void {
    const input: CheckoutInput = {
      checkoutId: checkout.id,
      expiresAt: checkout.expiresAt.toISOString(),
      clock: clockInput(checkout.testClockId, checkout.createdAt),
    };
    this.deps.outbox.enqueueWorkflowStart(
      tx,
      checkout.organizationId,
      flowStart(FLOWS.checkout, [checkout.id], input, {
        searchAttributes: { CheckoutId: checkout.id },
        summary: `Checkout ${checkout.id}`,
      }),
    );
  }

  /** The checkout as the merchant sees it (and webhooks carry it). */
  output(em: EntityManager, checkout: Checkout): Promise<CheckoutOutput> {
    return checkoutOutput(em, this.deps, checkout);
  }

  /** The checkout as its customer sees it through the client secret. */
  publicOutput(em: EntityManager, checkout: Checkout) {
    return checkoutPublicOutput(em, this.deps, checkout);
  }

  /** The organization's products among `ids` as the API shows them, in that order. */
  products(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<ProductOutput[]> {
    return this.deps.products.outputsByIds(em, organizationId, ids);
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
  async update(tx: Tx, checkout: Checkout, input: CheckoutUpdate | CheckoutUpdatePublic): Promise<Checkout> {
    const merchant = input as CheckoutUpdate;
    const products = await this.products(tx.em, checkout.organizationId, checkout.productIds);
    if (input.product_id != null) {
      const product = products.find((p) => p.id === input.product_id);
      const price = product && staticPrice(product, checkout.currency);
      if (!price) throw invalidField(['body', 'product_id'], 'This product is not offered in this checkout.');
      Object.assign(checkout, { productId: product.id, productPriceId: price.id });
    }
    if (input.amount !== undefined) checkout.customAmount = input.amount;
    if (input.seats !== undefined) checkout.seats = input.seats;
    if (input.is_business_customer != null) checkout.isBusinessCustomer = input.is_business_customer;
    if (input.customer_name !== undefined) checkout.customerName = input.customer_name;
    if (input.customer_email !== undefined) checkout.customerEmail = input.customer_email;
    if (input.customer_billing_name !== undefined) checkout.customerBillingName = input.customer_billing_name;
    if (input.customer_billing_address !== undefined) checkout.customerBillingAddress = input.customer_billing_address;
    if (input.customer_tax_id !== undefined) checkout.customerTaxId = input.customer_tax_id;
    if (input.locale !== undefined) checkout.locale = input.locale;
    if (input.custom_field_data !== undefined)
      checkout.customFieldData = { ...checkout.customFieldData, ...input.custom_field_data };
    if ('discount_code' in input && input.discount_code != null) {
      if (!checkout.allowDiscountCodes)
        throw invalidField(['body', 'discount_code'], 'This checkout does not accept discount codes.');
      const discount = await this.deps.discounts.findByCode(tx.em, checkout.organizationId, input.discount_code);
      if (!discount) throw invalidField(['body', 'discount_code'], 'No such discount code.');
      checkout.discountId = discount.id;
    }
    if (merchant.discount_id !== undefined) checkout.discountId = merchant.discount_id;
    if (merchant.allow_discount_codes != null) checkout.allowDiscountCodes = merchant.allow_discount_codes;
    if (merchant.require_billing_address != null) checkout.requireBillingAddress = merchant.require_billing_address;
    if (merchant.customer_ip_address !== undefined) checkout.customerIpAddress = merchant.customer_ip_address;
    if (merchant.customer_metadata !== undefined) checkout.customerMetadata = merchant.customer_metadata;
    if (merchant.metadata !== undefined) checkout.metadata = merchant.metadata;
    if (merchant.success_url !== undefined) checkout.successUrl = merchant.success_url;
    if (merchant.return_url !== undefined) checkout.returnUrl = merchant.return_url;
    if (merchant.embed_origin !== undefined) checkout.embedOrigin = merchant.embed_origin;
    checkout.modifiedAt = await this.now(tx.em, checkout);
    await this.recompute(tx.em, checkout, products);
    if (input.custom_field_data !== undefined) this.checkCustomFields(checkout, products, false);
    await tx.em.flush();
    return checkout;
  }

  /** The session's custom field values against its product's fields; `complete` also requires the required ones. */
  checkCustomFields(checkout: Checkout, products: ProductOutput[], complete: boolean): void {
    const product = products.find((p) => p.id === checkout.productId);
    const rules = (product?.attached_custom_fields ?? []).map((f) => ({
      slug: f.custom_field.slug,
      type: f.custom_field.type,
      required: f.required,
      properties: f.custom_field.properties as AttachedFieldRule['properties'],
    }));
    const issues = customFieldIssues(rules, checkout.customFieldData, complete);
    if (issues.length) throw new RequestValidationError(issues);
  }

  list(em: EntityManager, organizationId: string, query: CheckoutListQuery) {
    return checkouts.list(em, organizationId, query, {
      alias: 'c',
      sort: SORT_COLUMNS,
      where: (qb) => {
        if (query.product_id) qb.andWhere({ productId: { $in: query.product_id } });
        if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
        if (query.status) qb.andWhere({ status: { $in: query.status } });
        if (query.query) qb.andWhere({ customerEmail: { $ilike: likeContains(query.query) } });
      },
    });
  }

  /** Amounts, discount and tax of the session as it stands; a discount that no longer applies is dropped. */
  async recompute(em: EntityManager, checkout: Checkout, products?: ProductOutput[]): Promise<void> {
    const [product] =
      products?.filter((p) => p.id === checkout.productId) ??
      (await this.products(em, checkout.organizationId, [checkout.productId]));
    // The product's prices may have changed since the session opened: one it can no longer charge is a 422, not a 500.
    const offered =
      product &&
      (product.prices.find((p) => p.id === checkout.productPriceId) ?? staticPrice(product, checkout.currency));
    if (!offered)
      throw invalidField(['body', 'product_id'], 'The product no longer has a price this checkout can charge.');
    const price = offered as CheckoutPrice & { tax_behavior: string | null };
    const buyer = { amount: checkout.customAmount, seats: checkout.seats };
    const issue = buyerIssue(price, buyer); // the buyer's input is checked before the discount, as it always was
    if (issue) throw new RequestValidationError([issue]);
    const discount = checkout.discountId
      ? await this.deps.discounts.find(em, checkout.organizationId, checkout.discountId)
      : null;
    if (checkout.discountId && !discount)
      throw invalidField(['body', 'discount_id'], 'No such discount in this organization.');
    const now = await this.now(em, checkout);
    const trial = activeTrial(checkout, product);
    checkout.trialEnd = trial && addInterval(now, trial.interval, trial.count);
    const refusal = discount && discountRefusal(discount, product.id, checkout.currency, now);
    if (refusal) throw invalidField(['body', checkout.discountId ? 'discount_id' : 'discount_code'], refusal);
    const amounts = checkoutAmounts({
      price,
      isRecurring: product.is_recurring,
      buyer,
      discount: discount && { ...discountRule(discount), duration: discount.duration },
      currency: checkout.currency,
      customer: {
        address: checkout.customerBillingAddress,
        taxId: checkout.customerTaxId,
        isBusiness: checkout.isBusinessCustomer,
      },
      seller: this.deps.seller,
      at: now,
    });
    if ('loc' in amounts) throw new RequestValidationError([amounts]);
    const { totals } = amounts;
    Object.assign(checkout, {
      seats: amounts.seats,
      amount: totals.amount,
      discountAmount: totals.discount_amount,
      netAmount: totals.net_amount,
      taxAmount: totals.tax_amount,
      totalAmount: totals.total_amount,
      taxBehavior: amounts.taxBehavior,
    });
  }

  /** A session the customer may still see: 410 once its time ran out. */
  async assertNotExpired(em: EntityManager, checkout: Checkout): Promise<void> {
    if (checkout.status === 'expired' || checkout.expiresAt <= (await this.now(em, checkout)))
      throw new ExpiredCheckoutError('This checkout has expired.');
  }

  /** A session that may still change: not expired (410), and open (403). */
  async assertOpen(em: EntityManager, checkout: Checkout): Promise<void> {
    await this.assertNotExpired(em, checkout);
    if (checkout.status !== 'open') throw new NotOpenCheckout(`This checkout is ${checkout.status}.`);
  }

  /** The session's time: its test clock's, else wall time. */
  now(em: EntityManager, checkout: Checkout): Promise<Date> {
    return this.deps.testClocks.now(em, checkout.testClockId);
  }

  /** The validated tax ID when one was given, or a 422. */
  checkedTaxId(checkout: Checkout): [string, string] | null {
    return checkedTaxId(checkout.customerTaxId, checkout.customerBillingAddress?.country, ['body', 'customer_tax_id']);
  }
}

/** The product's live static price in the currency (fixed, custom or seat-based; metered prices are billed later). */
export function staticPrice(product: ProductOutput, currency: string): PriceOutput | undefined {
  return product.prices.find((p) => p.price_currency === currency && isStatic(p));
}

/** The currencies the product has a live static price in, as listed. */
function offeredCurrencies(product: ProductOutput): string[] {
  return [...new Set(product.prices.filter(isStatic).map((p) => p.price_currency))];
}

const isStatic = (price: PriceOutput) => !price.is_archived && price.amount_type !== 'metered_unit';
