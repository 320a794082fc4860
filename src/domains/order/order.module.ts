// The order module: its tables; orders, refunds and their documents; the rules by which a paid order grants benefits;
// and their routes.
import { renderBillingDocument } from '../../adapters/pdf/pdf-renderer';
import { contribute, migrations, provide, routes, type Module } from '../../platform/module';
import { productUserOf } from '../catalog';
import { OrderService } from './order.service';
import { OrderPayments } from './order-payments.service';
import { OrderPayLinks } from './order-pay-link';
import { orderPayLinkEmail } from './order-pay-link.email';
import { draftOrderRoutes } from './draft-order.routes';
import { RefundService, type RefundDeps } from './refund/refund.service';
import { OrderDocumentService, type DocumentDeps } from './document/order-document.service';
import { orderGrantSource, orderOfLicenseKey } from './order-grant-source';
import { orderReceiptEmail } from './order-receipt.email';
import { orderRoutes } from './order.routes';
import { orderDetailRoutes } from './order-detail.routes';
import { orderDocumentRoutes } from './order-document.routes';
import { refundRoutes } from './refund/refund.routes';
import { refundCreditNoteRoutes } from './refund/refund-credit-note.routes';
import { OrderItemSchema, OrderSchema } from './order.entity';
import { RefundSchema } from './refund/refund.entity';
import { Migration20261123000000_invoices_refunds } from './migrations/Migration20261123000000_invoices_refunds';
import { Migration20261201100300_order_disputes } from './migrations/Migration20261201100300_order_disputes';
import { Migration20261201400200_order_export_index } from './migrations/Migration20261201400200_order_export_index';

export const orderModule: Module = {
  name: 'order',
  entities: [OrderSchema, OrderItemSchema, RefundSchema],
  migrations: migrations(
    Migration20261123000000_invoices_refunds,
    Migration20261201100300_order_disputes,
    Migration20261201400200_order_export_index,
  ),
  provides: [
    provide('orderGrantSource', ['testClockQueries'], ({ testClockQueries }) => orderGrantSource(testClockQueries)),
    provide('orderOfLicenseKey', [], () => orderOfLicenseKey),
    provide(
      'orders',
      [
        'clock',
        'outbox',
        'customers',
        'products',
        'discounts',
        'organizations',
        'seller',
        'subscriptionQueries',
        'grantRequests',
        'email',
        'config',
        'environment',
        'publicUrl',
      ],
      ({ subscriptionQueries, grantRequests, config, environment, publicUrl, ...s }) =>
        new OrderService({
          ...s,
          subscriptions: subscriptionQueries,
          grants: grantRequests,
          payLinks: new OrderPayLinks({ clock: s.clock, serverSecret: config.BURSAR_SECRET, environment, publicUrl }),
        }),
    ),
    provide(
      'orderPayments',
      ['orm', 'flows', 'orders', 'documents', 'customers', 'processor', 'payments', 'paymentMethods'],
      ({ paymentMethods, ...s }) => new OrderPayments({ ...s, savedMethods: paymentMethods }),
    ),
    provide(
      'documentFlow',
      ['orm', 'clock', 'outbox', 'storage', 'config', 'environment', 'orders', 'customers', 'organizations'],
      ({ config, ...s }) => ({
        ...s,
        render: renderBillingDocument,
        seller: { name: config.SELLER_NAME, addressLines: config.SELLER_ADDRESS, taxIds: config.SELLER_TAX_IDS },
        urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
      }),
    ),
    provide('documents', ['documentFlow'], ({ documentFlow }) => new OrderDocumentService(documentFlow)),
    provide(
      'refundFlow',
      ['orm', 'clock', 'outbox', 'orders', 'organizations', 'processor', 'config', 'grantRequests', 'testClockQueries'],
      ({ config, grantRequests, testClockQueries, ...s }) => ({
        ...s,
        testClocks: testClockQueries,
        statusCheckIntervalMs: config.REFUND_STATUS_CHECK_INTERVAL_MS,
        grants: grantRequests,
      }),
    ),
    provide('refunds', ['refundFlow'], ({ refundFlow }) => new RefundService(refundFlow)),
  ],
  contributes: [
    contribute('productUsers', [], () =>
      productUserOf('exists (select 1 from "order" o where o.organization_id = q.org and o.product_id = p.id)'),
    ),
    contribute('emailTemplates', [], () => orderReceiptEmail),
    contribute('emailTemplates', [], () => orderPayLinkEmail),
  ],
  routes: routes(['orm', 'orders', 'documents', 'customers', 'products', 'refunds', 'orderPayments'], (s) => [
    ...draftOrderRoutes(s),
    ...orderRoutes(s),
    ...orderDetailRoutes(s),
    ...orderDocumentRoutes(s),
    ...refundRoutes(s),
    ...refundCreditNoteRoutes(s),
  ]),
};

declare module '../../platform/module' {
  interface Services {
    orders: OrderService;
    orderPayments: OrderPayments;
    /** What the document flows' steps are given. */
    documentFlow: DocumentDeps;
    documents: OrderDocumentService;
    /** What the refund workflow's steps are given. */
    refundFlow: RefundDeps;
    refunds: RefundService;
  }
}
