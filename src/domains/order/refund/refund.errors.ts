// Why a refund is refused. Bodies that pass their schema but ask for what the order cannot give are 422s at the
// field at fault, like the other creates of this API.
import { BursarError, invalidField, type RequestValidationError } from '../../../kernel/errors';

/** The order is fully refunded already. */
export class RefundedAlready extends BursarError {
  readonly code = 'RefundedAlready';
  constructor(detail = 'This order has already been fully refunded.') {
    super(detail);
  }
}

/** Benefits of a subscription end with the subscription (revoke it), not with a refund of one of its orders. */
export class RevokeSubscriptionBenefitsProhibited extends BursarError {
  readonly code = 'RevokeSubscriptionBenefitsProhibited';
  constructor(detail = 'Benefits of a subscription cannot be revoked by a refund; revoke the subscription instead.') {
    super(detail);
  }
}

export const unknownOrder = (): RequestValidationError =>
  invalidField(['body', 'order_id'], 'No such order in this organization.');

export const unpaidOrder = (status: string): RequestValidationError =>
  invalidField(['body', 'order_id'], `Only a paid order can be refunded; this order is ${status}.`, 'order_not_paid');

export const nothingCharged = (): RequestValidationError =>
  invalidField(
    ['body', 'order_id'],
    'Nothing was charged for this order, so there is nothing to refund.',
    'order_not_charged',
  );

export const overRefundable = (refundable: number): RequestValidationError =>
  invalidField(
    ['body', 'amount'],
    `The amount exceeds what remains refundable on this order (${refundable}, before tax).`,
    'less_than_equal',
  );

export const disputedOrder = (): RequestValidationError =>
  invalidField(
    ['body', 'order_id'],
    "This order's payment is disputed: it cannot be refunded until the dispute is closed.",
    'order_disputed',
  );
