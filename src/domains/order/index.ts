export { OrderService, type GrantSyncPort, type NewOrder, type OrderLine } from './order.service';
export { Order } from './order.entity';
export { OrderQueries } from './order.queries';
export { paymentStatus, wasPaid } from './order.logic';
export { orderRoutes } from './order.routes';
export { orderReceiptEmail, type OrderReceiptParams } from './order-receipt.email';
export { OrderDocumentService } from './document/order-document.service';
export { RefundService, type ProcessorRefundOutcome } from './refund/refund.service';
export { refundRoutes } from './refund/refund.routes';
