export { OrderService, type CheckoutOrder } from './order.service';
export { orderRoutes } from './order.routes';
