import * as checkoutErrors from '../../src/domains/checkout/checkout.errors';
import * as orderErrors from '../../src/domains/order/order.errors';
import * as refundErrors from '../../src/domains/order/refund/refund.errors';
import * as subscriptionErrors from '../../src/domains/subscription/subscription.errors';
import * as kernelErrors from '../../src/kernel/errors';
import * as idempotencyErrors from '../../src/platform/idempotency/idempotency.errors';
import { IdempotencyKeyReused } from '../../src/platform/idempotency/idempotency.errors';
import { OAuthError } from '../../src/domains/oauth2/oauth2.errors';
import { ERROR_STATUS } from '../../src/kernel/error-codes';
import {
  BursarError,
  NotPermitted,
  RequestValidationError,
  ResourceNotFound,
  TooManyRequests,
  Unauthorized,
  errorTypeUrn,
} from '../../src/kernel/errors';

test.each([
  [new Unauthorized(), 401, 'Unauthorized', 'urn:bursar:error:unauthorized'],
  [new NotPermitted('no'), 403, 'NotPermitted', 'urn:bursar:error:not-permitted'],
  [new ResourceNotFound(), 404, 'ResourceNotFound', 'urn:bursar:error:resource-not-found'],
  [new IdempotencyKeyReused('x'), 409, 'IdempotencyKeyReused', 'urn:bursar:error:idempotency-key-reused'],
  [new RequestValidationError([]), 422, 'RequestValidationError', 'urn:bursar:error:request-validation-error'],
  [new TooManyRequests(3), 429, 'TooManyRequests', 'urn:bursar:error:too-many-requests'],
])('%s has status %i, name %s and type %s', (error, status, name, type) => {
  expect(error.status).toBe(status);
  expect(error.name).toBe(name);
  expect(errorTypeUrn(error.name)).toBe(type);
});

describe('error codes', () => {
  // Every module that declares BursarError classes; a new one belongs here.
  const modules: Record<string, unknown>[] = [
    kernelErrors,
    idempotencyErrors,
    orderErrors,
    refundErrors,
    checkoutErrors,
    subscriptionErrors,
  ];
  const classes = modules
    .flatMap((m) => Object.values(m))
    .filter(
      (v): v is new (...args: never[]) => BursarError => typeof v === 'function' && v.prototype instanceof BursarError,
    );

  it('each error class is named by its code, and the code has its HTTP status in the one map', () => {
    expect(classes.length).toBeGreaterThan(20);
    for (const Type of classes) {
      const error = new (Type as unknown as new (detail: unknown) => BursarError)(
        Type.name === 'RequestValidationError' ? [] : 'x',
      );
      expect([Type.name, error.code, ERROR_STATUS[error.code]]).toEqual([Type.name, Type.name, error.status]);
    }
  });

  it("OAuth's errors keep the RFC's code and answer with its status", () => {
    const error = new OAuthError('invalid_client', 'Unknown client.');
    expect([error.code, error.name, error.status]).toEqual(['invalid_client', 'invalid_client', 401]);
  });
});
