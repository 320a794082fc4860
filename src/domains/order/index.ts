export { OrderService, type GrantSyncPort, type NewOrder, type OrderLine } from './order.service';
export { Order } from './order.entity';
export { OrderQueries } from './order.queries';
export { wasPaid } from './order.logic';
export { orderRoutes } from './order.routes';
export { OrderDocumentService } from './document/order-document.service';
export { RefundService, type ProcessorRefundOutcome } from './refund/refund.service';
export { refundRoutes } from './refund/refund.routes';
