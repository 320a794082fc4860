export { CheckoutService } from './checkout.service';
export type { FlowDeps as CheckoutFlowDeps } from './flow-deps';
export { confirmCheckout } from './confirm-checkout';
export { chargeCheckout } from './charge-checkout';
export { cancelCheckoutCharge, refundCheckoutCharge } from './undo-checkout-charge';
export { completeCheckout } from './complete-checkout';
export { reopenCheckout, expireCheckout, failCheckout } from './checkout-transitions';
export type { Checkout } from './checkout.entity';
export { checkoutModule } from './checkout.module';
