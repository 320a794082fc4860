// A line of a subscription's order, as the renewal and final usage rules compose it.

/** `proration` lines (carried from changes, credits) are never discounted again. */
export interface RenewalLine {
  label: string;
  amount: number;
  priceId: string | null;
  proration: boolean;
}
