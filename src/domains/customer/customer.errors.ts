import { BursarError } from '../../kernel/errors';

/** Thrown when a concurrent transaction created the same customer; the caller's transaction retries and matches it. */
export class CustomerRaceLost extends Error {}

/** The processor refused to set the method up for later charges (a declined card). */
export class PaymentMethodSetupFailed extends BursarError {
  readonly code = 'PaymentMethodSetupFailed';
}

/** The method is the last one a running paid subscription of the customer can be charged with. */
export class PaymentMethodInUseByActiveSubscription extends BursarError {
  readonly code = 'PaymentMethodInUseByActiveSubscription';
}

/** The customer has nothing at the processor to confirm (no setup started for it). */
export class CustomerNotReady extends BursarError {
  readonly code = 'CustomerNotReady';
}
