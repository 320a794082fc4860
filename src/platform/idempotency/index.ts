export { IdempotencyService, type Claim, type StoredResponse } from './idempotency.service';
export { secretShownOnce } from './secret-shown-once';
