// A refused advance or delete as the error the API answers (404, 409 or 422).
import type { BursarError } from '../../kernel/errors';
import { reportedError } from '../../platform/temporal/flow-client';
import type { advanceRefusal } from './test-clock.logic';

export function clockRefusalError(refusal: NonNullable<ReturnType<typeof advanceRefusal>>): BursarError {
  return reportedError(refusal.type, refusal.message, refusal.issues)!;
}
