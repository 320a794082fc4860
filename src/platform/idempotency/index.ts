export { IdempotencyService, type Claim, type StoredResponse } from './idempotency.service';
