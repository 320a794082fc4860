// A sandbox charge as its table keeps it.
import type { DeclineCode } from './payment-processor';

export interface ChargeRow {
  id: string;
  customer_id: string;
  payment_method: string;
  amount: number;
  currency: string;
  /** The sandbox settles every charge at once; only tests put one in `processing`, as a processor may leave it. */
  status: 'succeeded' | 'failed' | 'processing' | 'canceled';
  failure_code: DeclineCode | null;
  failure_message: string | null;
}
