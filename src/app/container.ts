// Composition root of one environment: its database, its Temporal namespace and the services built on them.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, type Connection } from '@temporalio/client';
import type { FileStorage } from '../adapters/storage/file-storage';
import { BenefitService, benefitOutput } from '../domains/benefit';
import { CustomFieldService, ProductService, productSummary } from '../domains/catalog';
import { CustomerService, customerOutput } from '../domains/customer';
import { CheckoutFlowService, CheckoutLinkService, CheckoutService, checkoutOutput, checkoutPublicOutput, discountRefusal, type Checkout } from '../domains/checkout';
import { OrderService } from '../domains/order';
import type { Checkout as CheckoutOutput } from '../contracts/checkout';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../adapters/payment/payment-processor';
import { SandboxPaymentProcessor } from '../adapters/payment/sandbox-processor';
import { StripePaymentProcessor } from '../adapters/payment/stripe-processor';
import { productSummary as summaryOf } from '../domains/catalog';
import { DiscountService } from '../domains/discount';
import { FileService } from '../domains/file';
import { WebhookDeliveryService, WebhookEndpointService, WebhookLogService } from '../domains/webhook';
import { OUTBOX_KINDS } from '../domains/outbox';
import { IdempotencyService } from '../domains/idempotency';
import { MeterService } from '../domains/meter';
import { OrganizationService } from '../domains/organization';
import { OutboxService } from '../domains/outbox';
import { SubscriptionBillingService, SubscriptionCommandService, SubscriptionService, type Subscription } from '../domains/subscription';
import { TestClockService } from '../domains/test-clock';
import { systemClock, type Clock } from '../kernel/clock';
import type { Config, Environment } from './config';
import { openDatabase } from './database';
import { createFileStorage } from './storage';
import { advanceWorkflowClock } from './temporal';

export interface EnvironmentContext {
  environment: Environment;
  config: Config;
  clock: Clock;
  orm: MikroORM;
  temporal: Client;
  namespace: string;
  taskQueue: string;
  organizations: OrganizationService;
  meters: MeterService;
  idempotency: IdempotencyService;
  outbox: OutboxService;
  storage: FileStorage;
  files: FileService;
  benefits: BenefitService;
  customFields: CustomFieldService;
  products: ProductService;
  discounts: DiscountService;
  webhookEndpoints: WebhookEndpointService;
  webhookDeliveries: WebhookDeliveryService;
  webhookLog: WebhookLogService;
  customers: CustomerService;
  orders: OrderService;
  checkouts: CheckoutService;
  checkoutFlow: CheckoutFlowService;
  checkoutLinks: CheckoutLinkService;
  testClocks: TestClockService;
  subscriptions: SubscriptionService;
  subscriptionBilling: SubscriptionBillingService;
  subscriptionCommands: SubscriptionCommandService;
  paymentProcessor: PaymentProcessor | null;
  checkoutOutput(em: EntityManager, checkout: Checkout): Promise<CheckoutOutput>;
  checkoutPublicOutput(em: EntityManager, checkout: Checkout): Promise<Record<string, unknown>>;
}

export async function openEnvironment(
  config: Config,
  environment: Environment,
  connection: Connection,
  clock: Clock = systemClock,
): Promise<EnvironmentContext> {
  const orm = await openDatabase(config.databaseUrls[environment], config.DATABASE_POOL_MAX);
  const namespace = config.namespaces[environment];
  const temporal = new Client({ connection, namespace });
  const taskQueue = config.TEMPORAL_TASK_QUEUE;
  const outbox = new OutboxService({ orm, temporal, taskQueue, environment, clock, log: (m) => console.warn(`[${environment}] ${m}`) });
  const meters = new MeterService(clock);
  const storage = createFileStorage(config, environment, clock);

  // The catalog's domains refer to each other only through these callbacks.
  const ids = (items: { id: string }[]) => new Set(items.map((item) => item.id));
  const context = { environment, config, clock, orm, temporal, namespace, taskQueue, outbox, meters, storage } as EnvironmentContext;
  context.organizations = new OrganizationService(config.BURSAR_SECRET, clock);
  context.idempotency = new IdempotencyService(clock);
  context.customFields = new CustomFieldService(clock);
  context.files = new FileService(storage, clock, {
    environment,
    maxSizeBytes: config.FILE_MAX_SIZE_BYTES,
    urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
    isInUse: async (em, organizationId, fileId) =>
      (await context.benefits.isFileUsed(em, organizationId, fileId)) || (await context.products.isMediaUsed(em, organizationId, fileId)),
  });
  context.benefits = new BenefitService({
    clock,
    outbox,
    existingMeters: async (em, organizationId, meterIds) => ids(await meters.findByIds(em, organizationId, meterIds)),
    uploadedDownloadables: async (em, organizationId, fileIds) => ids(await context.files.findUploaded(em, organizationId, fileIds, 'downloadable')),
    onDeleted: (em, organizationId, benefitId) => context.products.detachBenefit(em, organizationId, benefitId),
  });
  context.products = new ProductService({
    clock,
    outbox,
    meters: (em, organizationId, meterIds) => meters.findByIds(em, organizationId, meterIds),
    benefits: async (em, organizationId, benefitIds) => (await context.benefits.findByIds(em, organizationId, benefitIds)).map(benefitOutput),
    medias: async (em, organizationId, fileIds) =>
      (await context.files.findUploaded(em, organizationId, fileIds, 'product_media')).map((file) => context.files.output(file) as Extract<ReturnType<FileService['output']>, { service: 'product_media' }>),
  });
  context.discounts = new DiscountService({
    clock,
    products: async (em, organizationId, productIds) => (await context.products.findByIds(em, organizationId, productIds)).map(productSummary),
  });
  context.webhookEndpoints = new WebhookEndpointService({
    clock,
    serverSecret: config.BURSAR_SECRET,
    urlPolicy: { environment, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_URLS },
  });
  context.webhookDeliveries = new WebhookDeliveryService({
    orm,
    clock,
    outbox,
    endpoints: context.webhookEndpoints,
    disableAfterFailures: config.WEBHOOK_DISABLE_AFTER_FAILURES,
    allowPrivateAddresses: config.WEBHOOK_ALLOW_PRIVATE_URLS,
    policy: {
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      initialIntervalMs: config.WEBHOOK_RETRY_INITIAL_INTERVAL_MS,
      backoffCoefficient: config.WEBHOOK_RETRY_BACKOFF_COEFFICIENT,
      maximumIntervalMs: config.WEBHOOK_RETRY_MAX_INTERVAL_MS,
      maximumAttempts: config.WEBHOOK_MAX_ATTEMPTS,
      orderingMaxWaitMs: config.WEBHOOK_ORDERING_MAX_WAIT_MS,
    },
  });
  context.webhookLog = new WebhookLogService();
  context.customers = new CustomerService({ clock, outbox });
  wireTestClocks(context);
  wireCheckouts(context);
  wireSubscriptions(context);
  outbox.registerDispatcher(OUTBOX_KINDS.event, (message) => context.webhookDeliveries.fanOut(message));
  return context;
}

/** What a workflow needs to follow a test clock (none outside one). */
function clockInput(testClockId: string | null, frozenTime: Date) {
  return testClockId ? { testClockId, frozenTime: frozenTime.toISOString() } : null;
}

/** Test clocks (sandbox only) move the flows of their customers: open checkouts and live subscriptions. */
function wireTestClocks(context: EnvironmentContext): void {
  const { orm, clock, temporal, environment } = context;
  context.testClocks = new TestClockService({
    orm,
    clock,
    enabled: environment === 'sandbox',
    attachedFlows: async (em, testClockId) => {
      const rows = await em.execute<{ workflow_id: string }[]>(
        `select 'subscription:' || id as workflow_id from subscription where test_clock_id = ? and status <> 'canceled'
         union all select 'checkout:' || id from checkout where test_clock_id = ? and status in ('open', 'confirmed')`,
        [testClockId, testClockId],
      );
      return rows.map((row) => row.workflow_id);
    },
    advanceFlow: (workflowId, to) => advanceWorkflowClock(temporal, workflowId, to),
  });
}

/** Subscriptions: born of checkouts, renewed, charged and ended by their workflows, commanded through Updates. */
function wireSubscriptions(context: EnvironmentContext): void {
  const { orm, clock, outbox, config } = context;
  const products = async (em: EntityManager, organizationId: string, ids: readonly string[]) => context.products.outputs(em, await context.products.findByIds(em, organizationId, ids));
  context.subscriptions = new SubscriptionService({
    clock,
    outbox,
    discounts: context.discounts,
    customers: async (em, organizationId, ids) => (await context.customers.findByIds(em, organizationId, ids)).map(customerOutput),
    products,
    prices: (em, organizationId, ids) => context.products.priceOutputs(em, organizationId, ids),
    startWorkflow: (tx, subscription: Subscription) =>
      outbox.enqueueWorkflowStart(tx, subscription.organizationId, {
        workflowType: 'subscriptionLifecycle',
        workflowId: `subscription:${subscription.id}`,
        args: [{ subscriptionId: subscription.id, clock: clockInput(subscription.testClockId, subscription.currentPeriodStart) }],
        searchAttributes: { SubscriptionId: subscription.id, CustomerId: subscription.customerId },
        summary: `Subscription ${subscription.id}`,
      }),
  });
  context.subscriptionBilling = new SubscriptionBillingService({
    orm,
    processor: context.paymentProcessor,
    seller: { country: config.SELLER_COUNTRY, registeredIn: config.SELLER_TAX_REGISTRATIONS },
    dunningDays: config.DUNNING_RETRY_DAYS,
    subscriptions: context.subscriptions,
    orders: context.orders,
    discounts: context.discounts,
    productName: async (tx, organizationId, productId) => (await context.products.get(tx.em, organizationId, productId)).name,
    clockTime: (tx, testClockId) => context.testClocks.now(tx.em, testClockId),
  });
  context.subscriptionCommands = new SubscriptionCommandService({
    orm,
    processor: context.paymentProcessor,
    subscriptions: context.subscriptions,
    billing: context.subscriptionBilling,
    orders: context.orders,
    discounts: context.discounts,
    products,
    prices: (em, organizationId, ids) => context.products.priceOutputs(em, organizationId, ids),
    discountRefusal,
  });
}

export async function closeEnvironment(context: EnvironmentContext): Promise<void> {
  await context.orm.close();
}

/** Checkouts, orders and the payment processor: the sandbox has the built-in processor, production uses Stripe. */
function wireCheckouts(context: EnvironmentContext): void {
  const { config, clock, outbox, orm, environment } = context;
  context.paymentProcessor =
    environment === 'sandbox' ? new SandboxPaymentProcessor(orm) : config.STRIPE_SECRET_KEY ? new StripePaymentProcessor({ secretKey: config.STRIPE_SECRET_KEY }) : null;
  const products = async (em: EntityManager, organizationId: string, ids: readonly string[]) => {
    const found = await context.products.outputs(em, await context.products.findByIds(em, organizationId, ids));
    return ids.flatMap((id) => found.find((p) => p.id === id) ?? []);
  };
  const outputDeps = {
    publicUrl: config.publicUrls[environment],
    products,
    discountOutput: async (em: EntityManager, organizationId: string, id: string) => {
      const discount = await context.discounts.get(em, organizationId, id).catch(() => null);
      return discount ? (await context.discounts.outputs(em, [discount]))[0] : null;
    },
    organization: (em: EntityManager, organizationId: string) => context.organizations.findOrganization(em, organizationId),
  };
  context.checkoutOutput = (em, checkout) => checkoutOutput(em, outputDeps, checkout);
  context.checkoutPublicOutput = (em, checkout) => checkoutPublicOutput(em, outputDeps, checkout);
  context.orders = new OrderService({
    clock,
    outbox,
    customers: async (em, organizationId, ids) => (await context.customers.findByIds(em, organizationId, ids)).map(customerOutput),
    products: async (em, organizationId, ids) => (await context.products.findByIds(em, organizationId, ids)).map(summaryOf),
    prices: (em, organizationId, ids) => context.products.priceOutputs(em, organizationId, ids),
    subscriptions: (em, ids) => context.subscriptions.orderOutputs(em, ids),
  });
  context.checkouts = new CheckoutService({
    clock,
    outbox,
    seller: { country: config.SELLER_COUNTRY, registeredIn: config.SELLER_TAX_REGISTRATIONS },
    ttlSeconds: config.CHECKOUT_TTL_SECONDS,
    publicUrl: config.publicUrls[environment],
    products,
    discount: async (em, organizationId, id) => {
      const d = await context.discounts.get(em, organizationId, id).catch(() => null);
      return d && { id: d.id, startsAt: d.startsAt, endsAt: d.endsAt, maxRedemptions: d.maxRedemptions, redemptionsCount: d.redemptionsCount, productIds: d.productIds, type: d.type, amounts: d.amounts, duration: d.duration, basisPoints: d.basisPoints };
    },
    discountByCode: (em, organizationId, code) => context.discounts.findByCode(em, organizationId, code),
    customerExists: async (em, organizationId, id) => context.customers.get(em, organizationId, id).catch(() => null),
    assertTestClock: async (em, organizationId, id, loc) => void (await context.testClocks.attachable(em, organizationId, id, loc)),
    clockNow: (em, testClockId) => context.testClocks.now(em, testClockId),
    opened: async (tx, checkout) => {
      outbox.enqueueWorkflowStart(tx, checkout.organizationId, {
        workflowType: 'checkoutSession',
        workflowId: `checkout:${checkout.id}`,
        args: [{ checkoutId: checkout.id, expiresAt: checkout.expiresAt.toISOString(), clock: clockInput(checkout.testClockId, checkout.createdAt) }],
        searchAttributes: { CheckoutId: checkout.id },
        summary: `Checkout ${checkout.id}`,
      });
      outbox.enqueueEvent(tx, checkout.organizationId, 'checkout.created', await context.checkoutOutput(tx.em, checkout));
    },
  });
  context.checkoutLinks = new CheckoutLinkService({
    clock,
    publicUrl: config.publicUrls[environment],
    checkouts: context.checkouts,
    productIdOfPrice: async (em, organizationId, priceId) => (await context.products.priceOutputs(em, organizationId, [priceId]))[0]?.product_id ?? null,
    discountOutput: outputDeps.discountOutput,
  });
  context.checkoutFlow = new CheckoutFlowService({
    orm,
    clock,
    outbox,
    checkouts: context.checkouts,
    customers: context.customers,
    orders: context.orders,
    discounts: context.discounts,
    processor: context.paymentProcessor,
    output: (tx, checkout) => context.checkoutOutput(tx.em, checkout),
    product: async (tx, checkout) => (await products(tx.em, checkout.organizationId, [checkout.productId]))[0],
    createSubscription: (tx, input) => context.subscriptions.createFromCheckout(tx, input),
    startOrderWorkflow: (tx, orderId, organizationId, chargeId) =>
      outbox.enqueueWorkflowStart(tx, organizationId, {
        workflowType: 'orderLifecycle',
        workflowId: `order:${orderId}`,
        args: [{ orderId, chargeId }],
        searchAttributes: { OrderId: orderId },
        summary: `Order ${orderId}`,
      }),
  });
}
