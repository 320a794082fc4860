// What a delivery workflow is given (the retry policy and bounds) and what a delivery comes to.
/** What a delivery workflow is given: the retry policy and bounds, from the configuration at dispatch time. */
export interface DeliveryPolicy {
  timeoutMs: number;
  initialIntervalMs: number;
  backoffCoefficient: number;
  maximumIntervalMs: number;
  maximumAttempts: number;
  orderingMaxWaitMs: number;
}

export type DeliveryOutcome = 'succeeded' | 'failed' | 'skipped';
