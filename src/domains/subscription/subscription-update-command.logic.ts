// The lifecycle command a subscription update request asks for: one kind of change per request, billed as the request
// or the organization says.
import type { ProrationBehavior } from '../../contracts/proration-behavior';
import type { SubscriptionUpdate } from '../../contracts/subscription-update';
import type { SubscriptionCommand } from '../../../workflows/definitions';
import { invalidField } from '../../kernel/errors';

/**
 * The reference's update variants, told apart by their keys: one kind of change per request. A change billed as the
 * request says, else as the organization's `proration_behavior` setting.
 */
export function commandOf(body: SubscriptionUpdate, defaultProration: ProrationBehavior): SubscriptionCommand {
  const reason = body.customer_cancellation_reason ?? null;
  const comment = body.customer_cancellation_comment ?? null;
  const kinds = [
    body.revoke !== undefined && 'revoke',
    body.cancel_at_period_end !== undefined && 'cancel_at_period_end',
    'pending_update' in body && 'pending_update',
    (body.product_id != null || body.seats !== undefined || 'discount_id' in body) &&
      'product_id, seats or discount_id',
  ].filter(Boolean);
  if (kinds.length !== 1)
    throw invalidField(
      ['body'],
      kinds.length ? `One kind of change per request (got ${kinds.join(' and ')}).` : 'Nothing to update.',
    );
  if (body.revoke) return { kind: 'revoke', reason, comment };
  if (body.cancel_at_period_end !== undefined)
    return body.cancel_at_period_end ? { kind: 'cancel', reason, comment } : { kind: 'uncancel' };
  if ('pending_update' in body) return { kind: 'clear_pending_update' };
  return {
    kind: 'change',
    ...(body.product_id != null && { productId: body.product_id }),
    ...(body.seats !== undefined && { seats: body.seats }),
    ...('discount_id' in body && { discountId: body.discount_id ?? null }),
    proration: body.proration_behavior ?? defaultProration,
  };
}
