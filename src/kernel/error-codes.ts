// Every error that crosses a boundary by name, and the HTTP status it is answered with. The code is the error class's
// name (OAuth's errors: the RFC's code), the problem body's `error` and the type of the Temporal failure an activity
// ends with; retry policies list the codes they do not retry with `nonRetryable(…)`, never as strings of their own.
export const ERROR_STATUS = {
  BadRequest: 400,
  PaymentError: 400,
  RevokeSubscriptionBenefitsProhibited: 400,
  RotateNotPermitted: 400,
  Unauthorized: 401,
  PaymentFailed: 402,
  NotPermitted: 403,
  NotOpenCheckout: 403,
  RefundedAlready: 403,
  AlreadyCanceledSubscription: 403,
  PauseResumeNotAllowed: 403,
  CannotCreateOrganizationError: 403,
  ResourceNotFound: 404,
  MethodNotAllowed: 405,
  RequestTimeout: 408,
  Conflict: 409,
  IdempotencyKeyReused: 409,
  SecretNotReplayable: 409,
  OrderNotEligibleForInvoice: 409,
  DisputeNotOpenError: 409,
  ProductNotDeletable: 409,
  ResourceUnavailable: 410,
  ExpiredCheckoutError: 410,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  RequestValidationError: 422,
  MissingInvoiceBillingDetails: 422,
  TooManyRequests: 429,
  RequestHeaderFieldsTooLarge: 431,
  PaymentMethodSetupFailed: 400,
  PaymentMethodInUseByActiveSubscription: 400,
  CustomerNotReady: 403,
  InternalServerError: 500,
  ServiceUnavailable: 503,
  // Draft orders and paying an order now (issue 35)
  OrderNotDraft: 412,
  OffSessionChargesNotEnabled: 403,
  PaymentAlreadyInProgress: 409,
  OrderNotEligibleForRetry: 422,
  // Customer seats (issue 36)
  SeatsExhausted: 400,
  SeatAlreadyAssigned: 400,
  SeatNotAvailable: 400,
  SeatInvitationExpired: 400,
  SeatsInUse: 400,
  // OAuth 2.0 (RFC 6749 §5.2, RFC 7591 §3.2.2)
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  access_denied: 403,
  invalid_redirect_uri: 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Failures of a flow's steps that no HTTP request answers: an e-mail no retry can send, a webhook address refused. */
export type StepFailureCode =
  'EmailUndeliverable' | 'WebhookAddressRefused' | 'WebhookDeliveryFailed' | 'ConfirmationFailed';

export type FailureCode = ErrorCode | StepFailureCode;

/** The type of a failure an activity or a workflow throws (`ApplicationFailure`): a code of this file, checked by the compiler. */
export function failureType(code: FailureCode): FailureCode {
  return code;
}

/** A retry policy's `nonRetryableErrorTypes`: codes of this file only, checked by the compiler. */
export function nonRetryable(...codes: FailureCode[]): FailureCode[] {
  return codes;
}
