// How a delivery attempt fails; the activity turns these into the failures Temporal's retry policy acts on.

/** An attempt that did not get a 2xx; the activity turns it into a retryable failure. */
export class DeliveryAttemptFailed extends Error {}

/** The endpoint's host resolves to a private address: retrying cannot help. */
export class DeliveryRefused extends Error {}
