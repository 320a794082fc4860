export { PaymentService, type PaymentCharger } from './payment.service';
export type { PaymentCharge, ChargedPayment } from './charge-payment';
export { paymentModule } from './payment.module';
export { NEVER_SETTLED, NOT_AT_ONCE } from './settle-payment';
export type { DeclinedPayment, PaymentFollower, SucceededPayment } from './payment-deps';
