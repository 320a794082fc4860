// One line of an order: its label, amount and tax, and the price it is for.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';

export const OrderItem = z.object({
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  id: Uuid,
  label: z.string(),
  amount: z.int32(),
  tax_amount: z.int32(),
  proration: z.boolean(),
  product_price_id: Uuid.nullable(),
});
