// What a pay link shows its holder (our addition): the one order it is for, whom it is owed to, and whether it can
// still be paid.
import { z } from 'zod';
import { CustomerOrder } from './portal-order';
import { CustomerOrderPaymentStatus } from './portal-order-payment-status';

export const PayLinkOrder = z
  .object({
    order: CustomerOrder,
    organization: z.object({ name: z.string(), slug: z.string() }),
    payment_status: CustomerOrderPaymentStatus,
    /** Pending: it can be paid now (a paid or void order shows its outcome). */
    payable: z.boolean(),
  })
  .meta({ id: 'PayLinkOrder' });
export type PayLinkOrder = z.infer<typeof PayLinkOrder>;
