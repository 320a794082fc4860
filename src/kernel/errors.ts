// Named errors carry their code (error-codes.ts: the HTTP status, the Temporal failure type); the HTTP layer renders
// them as the spec's problem-details body.
import { ERROR_STATUS, type ErrorCode } from './error-codes';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export abstract class BursarError extends Error {
  abstract readonly code: ErrorCode;
  readonly detail: string | ValidationIssue[];

  constructor(detail: string | ValidationIssue[]) {
    super(typeof detail === 'string' ? detail : 'Request validation failed');
    this.detail = detail;
    this.name = new.target.name;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  get title(): string {
    return this.name.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
}

export class BadRequest extends BursarError {
  readonly code = 'BadRequest';
}

export class Unauthorized extends BursarError {
  readonly code = 'Unauthorized';
  constructor(detail = 'Missing or invalid access token.') {
    super(detail);
  }
}

export class NotPermitted extends BursarError {
  readonly code = 'NotPermitted';
}

export class ResourceNotFound extends BursarError {
  readonly code = 'ResourceNotFound';
  constructor(detail = 'Not found') {
    super(detail);
  }
}

export class MethodNotAllowed extends BursarError {
  readonly code = 'MethodNotAllowed';
}

export class RequestTimeout extends BursarError {
  readonly code = 'RequestTimeout';
}

export class Conflict extends BursarError {
  readonly code = 'Conflict';
}

/** The resource exists but is gone for this purpose (e.g. uncancel of an ended subscription). */
export class ResourceUnavailable extends BursarError {
  readonly code = 'ResourceUnavailable';
}

export class PayloadTooLarge extends BursarError {
  readonly code = 'PayloadTooLarge';
}

export class UnsupportedMediaType extends BursarError {
  readonly code = 'UnsupportedMediaType';
}

export class RequestHeaderFieldsTooLarge extends BursarError {
  readonly code = 'RequestHeaderFieldsTooLarge';
}

export class RequestValidationError extends BursarError {
  readonly code = 'RequestValidationError';
  constructor(issues: ValidationIssue[]) {
    super(issues);
  }
}

/** A 422 about one field that passed its schema but breaks a rule that needs the database or other fields. */
export function invalidField(loc: (string | number)[], msg: string, type = 'value_error'): RequestValidationError {
  return new RequestValidationError([{ loc, msg, type }]);
}

export class TooManyRequests extends BursarError {
  readonly code = 'TooManyRequests';
  constructor(
    readonly retryAfterSeconds: number,
    detail = 'Rate limit exceeded.',
  ) {
    super(detail);
  }
}

/** Something Bursar needs is down or not ready yet: the client should retry after `retryAfterSeconds` (`Retry-After`). */
export class ServiceUnavailable extends BursarError {
  readonly code = 'ServiceUnavailable';
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
