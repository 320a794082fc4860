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
