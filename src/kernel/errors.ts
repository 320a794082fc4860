// Named errors carry their HTTP status; the HTTP layer renders them as the spec's problem-details body.

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export abstract class BursarError extends Error {
  abstract readonly status: number;
  readonly detail: string | ValidationIssue[];

  constructor(detail: string | ValidationIssue[]) {
    super(typeof detail === 'string' ? detail : 'Request validation failed');
    this.detail = detail;
    this.name = new.target.name;
  }

  get title(): string {
    return this.name.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
}

export class BadRequest extends BursarError {
  readonly status = 400;
}

export class Unauthorized extends BursarError {
  readonly status = 401;
  constructor(detail = 'Missing or invalid access token.') {
    super(detail);
  }
}

export class NotPermitted extends BursarError {
  readonly status = 403;
}

export class ResourceNotFound extends BursarError {
  readonly status = 404;
  constructor(detail = 'Not found') {
    super(detail);
  }
}

export class MethodNotAllowed extends BursarError {
  readonly status = 405;
}

export class Conflict extends BursarError {
  readonly status = 409;
}

/** The same `X-Idempotency-Key` was sent with a different request. */
export class IdempotencyKeyReused extends BursarError {
  readonly status = 409;
}

/** A checkout that is not open any more (confirmed, succeeded or expired) cannot be changed or confirmed. */
export class NotOpenCheckout extends BursarError {
  readonly status = 403;
}

/** The checkout session's time ran out. */
export class ExpiredCheckoutError extends BursarError {
  readonly status = 410;
}

/** The payment method was refused; the customer may try another. */
export class PaymentError extends BursarError {
  readonly status = 400;
}

/** An off-session charge failed; nothing was changed. */
export class PaymentFailed extends BursarError {
  readonly status = 402;
}

/** Cancel, change or revoke of a subscription that is already canceled or ending. */
export class AlreadyCanceledSubscription extends BursarError {
  readonly status = 403;
}

/** The resource exists but is gone for this purpose (e.g. uncancel of an ended subscription). */
export class ResourceUnavailable extends BursarError {
  readonly status = 410;
}

/** The subscription is busy with another change; try again. */
export class SubscriptionLocked extends BursarError {
  readonly status = 409;
}

export class PayloadTooLarge extends BursarError {
  readonly status = 413;
}

export class UnsupportedMediaType extends BursarError {
  readonly status = 415;
}

export class RequestValidationError extends BursarError {
  readonly status = 422;
  constructor(issues: ValidationIssue[]) {
    super(issues);
  }
}

/** A 422 about one field that passed its schema but breaks a rule that needs the database or other fields. */
export function invalidField(loc: (string | number)[], msg: string, type = 'value_error'): RequestValidationError {
  return new RequestValidationError([{ loc, msg, type }]);
}

export class TooManyRequests extends BursarError {
  readonly status = 429;
  constructor(
    readonly retryAfterSeconds: number,
    detail = 'Rate limit exceeded.',
  ) {
    super(detail);
  }
}

export class ServiceUnavailable extends BursarError {
  readonly status = 503;
}

/** Business errors a workflow can report back (by name) through a failed Update. */
const REPORTABLE: Record<string, new (detail: string) => BursarError> = {
  BadRequest, NotPermitted, ResourceNotFound, Conflict, NotOpenCheckout, ExpiredCheckoutError, PaymentError, PaymentFailed, AlreadyCanceledSubscription, ResourceUnavailable, SubscriptionLocked, ServiceUnavailable,
};

/** The error a workflow reported by name, or null when the name is not one of ours. */
export function reportedError(name: string | undefined, message: string, detail: unknown): BursarError | null {
  if (name === 'RequestValidationError') return new RequestValidationError(detail as ValidationIssue[]);
  const Type = name ? REPORTABLE[name] : undefined;
  return Type ? new Type(message) : null;
}

/** Converts a class name into the `type` URN of the problem-details body. */
export function errorTypeUrn(name: string): string {
  return `urn:bursar:error:${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}
