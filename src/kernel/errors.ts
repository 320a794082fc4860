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

export class RequestTimeout extends BursarError {
  readonly status = 408;
}

export class Conflict extends BursarError {
  readonly status = 409;
}

/** The resource exists but is gone for this purpose (e.g. uncancel of an ended subscription). */
export class ResourceUnavailable extends BursarError {
  readonly status = 410;
}

export class PayloadTooLarge extends BursarError {
  readonly status = 413;
}

export class UnsupportedMediaType extends BursarError {
  readonly status = 415;
}

export class RequestHeaderFieldsTooLarge extends BursarError {
  readonly status = 431;
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

/** Something Bursar needs is down or not ready yet: the client should retry after `retryAfterSeconds` (`Retry-After`). */
export class ServiceUnavailable extends BursarError {
  readonly status = 503;
  constructor(
    detail: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(detail);
  }
}

/** Converts a class name into the `type` URN of the problem-details body. */
export function errorTypeUrn(name: string): string {
  return `urn:bursar:error:${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}
