export { PaymentService, type PaymentCharger } from './payment.service';
export type { PaymentCharge, ChargedPayment } from './charge-payment';
export { paymentModule } from './payment.module';
export type { PaymentFollower, SucceededPayment } from './payment-deps';
