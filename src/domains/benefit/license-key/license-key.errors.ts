// Why a license key is refused, in the reference's words: validate answers 404 (or 400 past the usage limit),
// activate 403, so an app learns as little as possible about keys it does not hold.
import { BadRequest, BursarError, NotPermitted, ResourceNotFound } from '../../../kernel/errors';

export const unknownLicenseKey = (): ResourceNotFound => new ResourceNotFound('License key not found.');

export const unknownActivation = (): ResourceNotFound => new ResourceNotFound('License key activation not found.');

const UNUSABLE = { inactive: 'License key is no longer active.', expired: 'License key has expired.' } as const;

/** Validate hides an unusable key behind a 404. */
export const unusableForValidation = (why: keyof typeof UNUSABLE): ResourceNotFound =>
  new ResourceNotFound(UNUSABLE[why]);

/** Activate says why it will not activate. */
export const unusableForActivation = (why: keyof typeof UNUSABLE): NotPermitted => new NotPermitted(UNUSABLE[why]);

export const conditionsMismatch = (): ResourceNotFound =>
  new ResourceNotFound('License key does not match required conditions.');

export const benefitMismatch = (): ResourceNotFound =>
  new ResourceNotFound('License key does not match given benefit.');

export const customerMismatch = (): ResourceNotFound =>
  new ResourceNotFound('License key does not match given customer.');

/** The reference's own error for usage beyond the limit: a plain 400 BadRequest. */
export const usageLimitExceeded = (remaining: number): BadRequest =>
  new BadRequest(`License key only has ${remaining} more usages.`);

export const activationsUnsupported = (): NotPermitted =>
  new NotPermitted(
    'License key does not support activations. Use the /validate endpoint instead to check license validity.',
  );

export const activationLimitReached = (): NotPermitted =>
  new NotPermitted('License key activation limit already reached.');

/** The reference refuses to rotate a revoked key (its grant ended): 400 `RotateNotPermitted`. */
export class RotateNotPermitted extends BursarError {
  readonly code = 'RotateNotPermitted';
}
