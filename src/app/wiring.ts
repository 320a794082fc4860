// Builds one environment's domains in dependency order, each with only the services it uses, and collects their
// routes and the services the worker's activities call. The domains never see this file, nor each other's wiring.
import type { PaymentProcessor } from '../adapters/payment/payment-processor';
import type { FileStorage } from '../adapters/storage/file-storage';
import type { Clock } from '../kernel/clock';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RouteDefinition } from '../platform/http/route';
import type { IdempotencyService } from '../platform/idempotency';
import type { OutboxService } from '../platform/outbox';
import type { FlowClient } from '../platform/temporal/flow-client';
import {
  BenefitGrantQueries,
  BenefitGrantService,
  DownloadableService,
  GrantEffects,
  GrantRequests,
  benefitGrantRoutes,
  BenefitQueries,
  BenefitService,
  LicenseKeyService,
  LicenseTokenService,
  benefitRoutes,
  licenseKeyRoutes,
  licenseTokenRoutes,
} from '../domains/benefit';
import {
  CustomFieldService,
  ProductService,
  catalogRoutes,
  customFieldRoutes,
  productBenefitIds,
} from '../domains/catalog';
import {
  CheckoutClientService,
  type CheckoutFlowDeps,
  CheckoutLinkService,
  CheckoutQueries,
  CheckoutService,
  checkoutLinkRoutes,
  checkoutRoutes,
} from '../domains/checkout';
import {
  CustomerService,
  customerOutputs,
  customerRoutes,
  liveCustomer,
  liveCustomerByExternalId,
} from '../domains/customer';
import { CustomerStateService, customerStateRoutes } from '../domains/customer-state';
import { customerPortalRoutes } from '../domains/customer-portal';
import {
  CustomerLoginService,
  CustomerSessionService,
  customerSessionRoutes,
  loginCodeEmail,
} from '../domains/customer-session';
import { EmailService } from '../platform/email';
import { SmtpMailer } from '../adapters/mail/smtp-mailer';
import { DiscountService, discountRoutes } from '../domains/discount';
import { FileQueries, FileService, fileRoutes } from '../domains/file';
import {
  CustomerMeterQueries,
  CustomerMeterService,
  customerMeterRoutes,
  EventIngestService,
  liveMeterDefinitions,
  EventQueryService,
  MeterQuantityService,
  MeterRollupService,
  MeterService,
  SignalService,
  eventRoutes,
  meterRoutes,
} from '../domains/meter';
import { postgresEventStore } from '../adapters/events/postgres-event-store';
import {
  OrderDocumentService,
  OrderService,
  RefundService,
  orderGrantSource,
  orderOfLicenseKey,
  orderReceiptEmail,
  orderRoutes,
  refundRoutes,
} from '../domains/order';
import { renderBillingDocument } from '../adapters/pdf/pdf-renderer';
import { AccessTokenService, OrganizationService, organizationRoutes } from '../domains/organization';
import { OAuth2ClientService, OAuth2Service, oauth2Routes } from '../domains/oauth2';
import {
  type BillingDeps,
  SubscriptionCommandService,
  SubscriptionMeterReader,
  SubscriptionQueries,
  SubscriptionService,
  subscriptionGrantSource,
  subscriptionOfLicenseKey,
  subscriptionRoutes,
} from '../domains/subscription';
import { TestClockQueries, TestClockService, testClockRoutes } from '../domains/test-clock';
import { SecretScanningService, leakedTokenEmail, secretScanningRoutes } from '../domains/secret-scanning';
import type { Config, Environment } from './config';
import { wireWebhooks } from './webhook-wiring';

/** What every domain may be given: the environment's plumbing. */
export interface Platform {
  environment: Environment;
  config: Config;
  clock: Clock;
  orm: MikroORM;
  outbox: OutboxService;
  idempotency: IdempotencyService;
  flows: FlowClient;
  storage: FileStorage;
  processor: PaymentProcessor | null;
}

export function wireDomains(p: Platform) {
  const { clock, outbox, orm, flows, processor, config, environment } = p;
  const publicUrl = config.publicUrls[environment];
  const sandbox = environment === 'sandbox';
  const seller = { country: config.SELLER_COUNTRY, registeredIn: config.SELLER_TAX_REGISTRATIONS };

  const organizations = new OrganizationService({ clock, outbox });
  const accessTokens = new AccessTokenService(config.BURSAR_SECRET, clock);
  const oauth2Clients = new OAuth2ClientService({ clock, serverSecret: config.BURSAR_SECRET });
  const oauth2 = new OAuth2Service({
    clock,
    serverSecret: config.BURSAR_SECRET,
    publicUrl,
    clients: oauth2Clients,
    organizations,
  });
  const events = postgresEventStore({ liveMeters: liveMeterDefinitions, rollupReads: config.EVENT_ROLLUPS === 'on' });
  const meters = new MeterService({ clock, outbox, rollups: events.rollups });
  const testClockQueries = new TestClockQueries({ clock, enabled: sandbox });

  // Files, benefits and products point at each other: the read sides come first, the commands after.
  const fileQueries = new FileQueries(p.storage);
  const benefitQueries = new BenefitQueries();
  const customFields = new CustomFieldService(clock);
  // The grant rules live with their sources (orders, subscriptions); grants are asked for through the outbox.
  const grantSources = {
    order: orderGrantSource(testClockQueries),
    subscription: subscriptionGrantSource(testClockQueries),
    productBenefitIds,
  };
  const grantRequests = new GrantRequests({ orm, outbox, sources: grantSources });
  const products = new ProductService({
    clock,
    outbox,
    meters,
    benefits: benefitQueries,
    files: fileQueries,
    customFields,
    grants: grantRequests,
  });
  const benefits = new BenefitService({ clock, outbox, meters, files: fileQueries, products, grants: grantRequests });
  const licenseTokens = new LicenseTokenService({
    clock,
    serverSecret: config.BURSAR_SECRET,
    ttlSeconds: config.LICENSE_TOKEN_TTL_SECONDS,
  });
  const files = new FileService(p.storage, clock, {
    environment,
    maxSizeBytes: config.FILE_MAX_SIZE_BYTES,
    urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
    users: [benefitQueries, products],
  });
  const downloads = new DownloadableService({
    clock,
    files,
    fileQueries,
    serverSecret: config.BURSAR_SECRET,
    environment,
    publicUrl,
    linkTtlSeconds: config.FILE_URL_TTL_SECONDS,
  });
  const grantQueries = new BenefitGrantQueries(downloads);
  const discounts = new DiscountService({ clock, products, outbox });

  // customer.state_changed reads customers, subscriptions, grants and meters: their read sides come before it.
  const customerReads = { get: liveCustomer, getByExternalId: liveCustomerByExternalId, outputs: customerOutputs };
  const customerMeterService = new CustomerMeterService(events.usage);
  const customerMeters = new CustomerMeterQueries({ customerMeters: customerMeterService, customers: customerReads });
  const subscriptionMeters = new SubscriptionMeterReader({ products, meters, standings: customerMeters });
  const subscriptionQueries = new SubscriptionQueries({ meterReader: subscriptionMeters });
  const customerStates = new CustomerStateService({
    outbox,
    customers: customerReads,
    subscriptions: subscriptionQueries,
    grants: grantQueries,
    meters: customerMeters,
  });
  const grants = new BenefitGrantService({
    orm,
    clock,
    outbox,
    effects: new GrantEffects(downloads),
    sources: grantSources,
    state: customerStates,
  });
  const email = new EmailService({
    orm,
    clock,
    outbox,
    serverSecret: config.BURSAR_SECRET,
    mailer: new SmtpMailer({ url: config.SMTP_URL, from: config.EMAIL_FROM }),
    templates: [loginCodeEmail, orderReceiptEmail, leakedTokenEmail],
  });
  const customers = new CustomerService({
    orm,
    clock,
    outbox,
    testClocks: testClockQueries,
    subscriptions: subscriptionQueries,
    grants: grantRequests,
    state: customerStates,
    email,
    events: events.writer,
  });
  const meterRollups = new MeterRollupService({ orm, clock, rollups: events.rollups });
  const meterQuantities = new MeterQuantityService({
    quantities: events.quantities,
    customers: (...args: Parameters<CustomerService['identities']>) => customers.identities(...args),
  });
  const eventIngest = new EventIngestService({ store: events, clock, customers, testClocks: testClockQueries });
  const eventQueries = new EventQueryService({ reader: events.reader, clock, meters, customers });
  const signals = new SignalService(eventIngest);

  const licenseKeys = new LicenseKeyService({
    clock,
    customers,
    sources: { order: orderOfLicenseKey, subscription: subscriptionOfLicenseKey },
  });
  const customerSessions = new CustomerSessionService({
    clock,
    serverSecret: config.BURSAR_SECRET,
    ttlSeconds: config.CUSTOMER_SESSION_TTL_SECONDS,
    publicUrl,
    customers,
    organizations,
  });
  const customerLogin = new CustomerLoginService({
    orm,
    clock,
    serverSecret: config.BURSAR_SECRET,
    codeTtlSeconds: config.CUSTOMER_LOGIN_CODE_TTL_SECONDS,
    customers,
    organizations,
    sessions: customerSessions,
    email,
  });

  // Orders embed subscriptions, and subscriptions bill through orders: orders read them through their queries.
  const orders = new OrderService({
    clock,
    outbox,
    customers,
    products,
    discounts,
    organizations,
    seller,
    subscriptions: subscriptionQueries,
    grants: grantRequests,
    email,
  });
  const documents = new OrderDocumentService({
    orm,
    clock,
    outbox,
    storage: p.storage,
    render: renderBillingDocument,
    seller: { name: config.SELLER_NAME, addressLines: config.SELLER_ADDRESS, taxIds: config.SELLER_TAX_IDS },
    environment,
    urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
    orders,
    customers,
    organizations,
  });
  const refunds = new RefundService({
    orm,
    clock,
    outbox,
    orders,
    organizations,
    processor,
    statusCheckIntervalMs: config.REFUND_STATUS_CHECK_INTERVAL_MS,
    grants: grantRequests,
  });
  const subscriptions = new SubscriptionService({
    clock,
    outbox,
    discounts,
    customers,
    products,
    grants: grantRequests,
    meterReader: subscriptionMeters,
  });
  const subscriptionBilling: BillingDeps = {
    orm,
    processor,
    seller,
    dunningDays: config.DUNNING_RETRY_DAYS,
    subscriptions,
    orders,
    discounts,
    products,
    testClocks: testClockQueries,
    customers,
    meters,
    customerMeters: customerMeterService,
    settlementTimeoutMs: config.PAYMENT_SETTLEMENT_TIMEOUT_MS,
  };
  const subscriptionCommands = new SubscriptionCommandService({
    orm,
    processor,
    flows,
    subscriptions,
    billing: subscriptionBilling,
    orders,
    discounts,
    products,
  });

  const checkouts = new CheckoutService({
    clock,
    outbox,
    seller,
    ttlSeconds: config.CHECKOUT_TTL_SECONDS,
    publicUrl,
    products,
    discounts,
    customers,
    testClocks: testClockQueries,
    organizations,
  });
  const checkoutClient = new CheckoutClientService({
    orm,
    flows,
    checkouts,
    customers,
    customerSessions,
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
  });
  const checkoutFlow: CheckoutFlowDeps = {
    orm,
    clock,
    outbox,
    checkouts,
    customers,
    orders,
    discounts,
    subscriptions,
    processor,
    settlementTimeoutMs: config.PAYMENT_SETTLEMENT_TIMEOUT_MS,
  };
  const checkoutLinks = new CheckoutLinkService({ clock, publicUrl, checkouts, products, discounts });

  const testClocks = new TestClockService({
    orm,
    clock,
    flows,
    enabled: sandbox,
    followers: [new CheckoutQueries(), subscriptionQueries],
  });

  const webhooks = wireWebhooks(p);

  const routes: RouteDefinition[] = [
    ...organizationRoutes({ organizations, accessTokens }),
    ...oauth2Routes({ oauth2, clients: oauth2Clients, organizations }),
    ...meterRoutes({ meters, quantities: meterQuantities }),
    ...customerMeterRoutes({ customerMeters }),
    ...eventRoutes({ ingest: eventIngest, queries: eventQueries, signals }),
    ...catalogRoutes({ products }),
    ...customFieldRoutes({ customFields }),
    ...discountRoutes({ discounts }),
    ...benefitRoutes({ benefits }),
    ...benefitGrantRoutes({ grants: grantQueries, downloads }),
    ...licenseTokenRoutes({ tokens: licenseTokens }),
    ...licenseKeyRoutes({ licenseKeys }),
    ...fileRoutes({ files, queries: fileQueries }),
    ...webhooks.routes,
    ...customerRoutes({
      customers,
      revoke: async (organizationId, id) =>
        void (await subscriptionCommands.send(organizationId, id, { kind: 'revoke', reason: null, comment: null })),
    }),
    ...customerStateRoutes({ states: customerStates }),
    ...checkoutRoutes({ checkouts, client: checkoutClient }),
    ...checkoutLinkRoutes({ links: checkoutLinks, publicUrl }),
    ...orderRoutes({ orm, orders, documents, customers, products }),
    ...refundRoutes({ refunds, documents }),
    ...subscriptionRoutes({ subscriptions, commands: subscriptionCommands, organizations }),
    ...testClockRoutes({ testClocks }),
    ...customerSessionRoutes({ sessions: customerSessions, login: customerLogin, customers }),
    ...secretScanningRoutes({
      reports: new SecretScanningService({
        publicKeys: config.SECRET_SCANNING_PUBLIC_KEYS,
        accessTokens,
        customerSessions,
        oauth2,
        organizations,
        email,
      }),
    }),
    ...customerPortalRoutes({
      customers,
      organizations,
      orders,
      documents,
      products,
      subscriptions,
      commands: subscriptionCommands,
      grants: grantQueries,
      downloads,
      checkouts,
      licenseKeys,
      meters: customerMeters,
    }),
  ];
  const activities = {
    orm,
    idempotency: p.idempotency,
    webhookDeliveries: webhooks.deliveries,
    checkoutFlow,
    orders,
    documents,
    refunds,
    subscriptionBilling,
    subscriptionCommands,
    testClocks,
    grants,
    grantRequests,
    email,
    meterRollups,
  };
  const services = {
    organizations,
    accessTokens,
    oauth2,
    meters,
    products,
    customFields,
    benefits,
    files,
    discounts,
    customers,
    orders,
    refunds,
    subscriptions,
    checkouts,
    checkoutLinks,
    testClocks,
    webhookEndpoints: webhooks.endpoints,
    customerSessions,
  };
  return { ...services, routes, activities };
}

export type Domains = ReturnType<typeof wireDomains>;
