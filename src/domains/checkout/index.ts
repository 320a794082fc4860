export { CheckoutService, type CheckoutDeps } from './checkout.service';
export { CheckoutFlowService } from './checkout-flow.service';
export { CheckoutClientService } from './checkout-client.service';
export { CheckoutQueries } from './checkout.queries';
export { checkoutRoutes } from './checkout.routes';
export type { Checkout } from './checkout.entity';
export { CheckoutLinkService } from './link/checkout-link.service';
export { checkoutLinkRoutes } from './link/checkout-link.routes';
export { checkoutModule } from './checkout.module';
