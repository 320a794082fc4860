// How a customer's order payment stands, as the portal shows it.
import { z } from 'zod';

/**
 * How the order's payment stands: `succeeded` once paid (refunds included), `pending` while it is awaited, `failed`
 * when the last attempt was declined (dunning retries it at `next_payment_attempt_at`) or the order was voided.
 */
export const CustomerOrderPaymentStatus = z
  .object({ status: z.enum(['succeeded', 'pending', 'failed']), error: z.string().nullable() })
  .meta({ id: 'CustomerOrderPaymentStatus' });
export type CustomerOrderPaymentStatus = z.infer<typeof CustomerOrderPaymentStatus>;
