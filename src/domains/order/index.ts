export { OrderService, type NewOrder, type OrderLine } from './order.service';
export { Order } from './order.entity';
export { orderRoutes } from './order.routes';
