import { IdempotencyKeyReused } from '../../src/platform/idempotency/idempotency.errors';
import { NotPermitted, RequestValidationError, ResourceNotFound, TooManyRequests, Unauthorized, errorTypeUrn } from '../../src/kernel/errors';

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
