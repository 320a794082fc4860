/** Thrown when a concurrent transaction created the same customer; the caller's transaction retries and matches it. */
export class CustomerRaceLost extends Error {}
