import { BursarError } from '../../kernel/errors';

/** The same `X-Idempotency-Key` was sent with a different request. */
export class IdempotencyKeyReused extends BursarError {
  readonly status = 409;
}
