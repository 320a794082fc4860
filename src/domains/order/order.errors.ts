// The order's business errors, answered as the reference does.
import { BursarError } from '../../kernel/errors';

/** Draft and void orders have no invoice. */
export class OrderNotEligibleForInvoice extends BursarError {
  readonly code = 'OrderNotEligibleForInvoice';
}

/** An invoice needs the buyer's billing name and address. */
export class MissingInvoiceBillingDetails extends BursarError {
  readonly code = 'MissingInvoiceBillingDetails';
}

/** Only a draft order can be finalized. */
export class OrderNotDraft extends BursarError {
  readonly code = 'OrderNotDraft';
}

/** The order cannot be paid now: it is not pending (a draft, paid or void), or nothing is owed. */
export class OrderNotEligibleForRetry extends BursarError {
  readonly code = 'OrderNotEligibleForRetry';
}

/** A payment of the order is running: wait for its outcome. */
export class PaymentAlreadyInProgress extends BursarError {
  readonly code = 'PaymentAlreadyInProgress';
}

/** The charge of an order paid now was declined (the order stays payable: see its pay link). */
export class PaymentFailed extends BursarError {
  readonly code = 'PaymentFailed';
}
