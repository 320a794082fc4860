// Why a dispute request is refused.
import { BursarError, NotPermitted, invalidField, type RequestValidationError } from '../../kernel/errors';

/** The dispute is closed (won, lost, prevented), or past the point where it may be conceded. */
export class DisputeNotOpenError extends BursarError {
  readonly code = 'DisputeNotOpenError';
  constructor(detail = 'This dispute is not open.') {
    super(detail);
  }
}

export const sandboxOnly = (): NotPermitted => new NotPermitted('This call exists only in the sandbox.');

export const undisputableOrder = (why: string): RequestValidationError =>
  invalidField(['body', 'order_id'], why, 'order_not_disputable');
