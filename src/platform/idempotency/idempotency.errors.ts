import { BursarError } from '../../kernel/errors';

/** The same `X-Idempotency-Key` was sent with a different request. */
export class IdempotencyKeyReused extends BursarError {
  readonly code = 'IdempotencyKeyReused';
}

/**
 * The key already made a resource whose answer held a secret shown once (a token, a client secret), kept only as a
 * digest: a repeat can neither show it again nor mint a second one.
 */
export class SecretNotReplayable extends BursarError {
  readonly code = 'SecretNotReplayable';
}
