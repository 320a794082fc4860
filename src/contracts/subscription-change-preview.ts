// What a subscription change will do, worked out by the code that makes it (our addition: the reference has no
// preview): its lines and tax, what is charged now, the next renewal, the benefits it grants or revokes, and the
// subscription after it.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { BENEFIT_TYPES } from './benefit-type';
import { CustomerSubscription } from './portal-subscription';
import { ProrationBehavior } from './proration-behavior';
import { Subscription } from './subscription';

export const ChangePreviewLine = z
  .object({
    label: z.string(),
    amount: z.int32(),
    proration: z.boolean(),
    product_price_id: Uuid.nullable(),
  })
  .meta({ id: 'SubscriptionChangePreviewLine' });

/** An order as the change or the renewal will write it: its lines and amounts, as the Order shows them. */
export const ChangePreviewBill = z
  .object({
    lines: z.array(ChangePreviewLine),
    subtotal_amount: z.int32(),
    discount_amount: z.int32(),
    net_amount: z.int32(),
    tax_amount: z.int32(),
    total_amount: z.int32(),
  })
  .meta({ id: 'SubscriptionChangePreviewBill' });

export const ChangePreviewRenewal = ChangePreviewBill.extend({
  /** When the next period starts and its order is written. */
  renews_at: Timestamp,
}).meta({ id: 'SubscriptionChangePreviewRenewal' });

export const ChangePreviewBenefit = z
  .object({ id: Uuid, type: z.enum(BENEFIT_TYPES), description: z.string() })
  .meta({ id: 'SubscriptionChangePreviewBenefit' });

const preview = <S extends z.ZodType>(subscription: S) =>
  z.object({
    /** What the body asks for: a plan, seat or discount change, or a lifecycle command. */
    kind: z.enum(['change', 'cancel', 'uncancel', 'revoke', 'clear_pending_update']),
    proration_behavior: ProrationBehavior.nullable(),
    /** The time the change was worked out for: the subscription's clock (its test clock's time when it has one). */
    previewed_at: Timestamp,
    /** When the subscription takes the change: now, or at the end of the period (next_period, cancel). */
    effective_at: Timestamp,
    currency: z.string(),
    /** The change's own lines (the credit for unused time and the charge for the rest of the period). */
    lines: z.array(ChangePreviewLine),
    /** `now`: charged at once as `due_now`; `next_renewal`: its lines join the next renewal; `none`: nothing billed. */
    billed: z.enum(['now', 'next_renewal', 'none']),
    due_now: ChangePreviewBill.nullable(),
    amount_due_now: z.int32(),
    /** The next renewal's order, without metered usage (not known before the period ends); null when none follows. */
    next_renewal: ChangePreviewRenewal.nullable(),
    benefits: z.object({
      granted: z.array(ChangePreviewBenefit),
      revoked: z.array(ChangePreviewBenefit),
      effective_at: Timestamp,
    }),
    subscription,
  });

export const SubscriptionChangePreview = preview(Subscription).meta({ id: 'SubscriptionChangePreview' });
export type SubscriptionChangePreview = z.infer<typeof SubscriptionChangePreview>;

export const CustomerSubscriptionChangePreview = preview(CustomerSubscription).meta({
  id: 'CustomerSubscriptionChangePreview',
});
export type CustomerSubscriptionChangePreview = z.infer<typeof CustomerSubscriptionChangePreview>;

/** The preview without its subscription, which each API renders in its own shape. */
export type ChangePreviewBody = Omit<SubscriptionChangePreview, 'subscription'>;
