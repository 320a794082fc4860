export { CheckoutService, type CheckoutDeps } from './checkout.service';
export { CheckoutFlowService } from './checkout-flow.service';
export { discountRefusal } from './checkout.logic';
export { checkoutOutput, checkoutPublicOutput } from './checkout.output';
export { checkoutRoutes, checkoutClientRouter } from './checkout.routes';
export { Checkout } from './checkout.entity';
export { CheckoutLinkService } from './checkout-link.service';
export { checkoutLinkRoutes } from './checkout-link.routes';
