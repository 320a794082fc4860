// The lifecycle command a subscription update request asks for: one kind of change per request, billed as the request
// or the organization says.
import type { ProrationBehavior } from '../../contracts/proration-behavior';
import type { SubscriptionUpdate } from '../../contracts/subscription-update';
import type { SubscriptionCommand } from '../../../workflows/definitions';
import { invalidField } from '../../kernel/errors';

/** The organization's settings a command takes when the request does not say. */
export interface CommandDefaults {
  /** Whether a pause keeps the benefits (the organization's `keep_benefits_while_paused`). */
  keepBenefitsWhilePaused?: boolean;
}

/**
 * The reference's update variants, told apart by their keys: one kind of change per request. A change billed as the
 * request says, else as the organization's `proration_behavior` setting.
 */
export function commandOf(
  body: SubscriptionUpdate,
  defaultProration: ProrationBehavior,
  defaults: CommandDefaults = {},
): SubscriptionCommand {
  const reason = body.customer_cancellation_reason ?? null;
  const comment = body.customer_cancellation_comment ?? null;
  const pausing = body.pause_at_period_end !== undefined || body.pause_now !== undefined;
  const kinds = [
    body.revoke !== undefined && 'revoke',
    body.cancel_at_period_end !== undefined && 'cancel_at_period_end',
    'pending_update' in body && 'pending_update',
    (body.product_id != null || body.seats !== undefined || 'discount_id' in body) &&
      'product_id, seats or discount_id',
    pausing && 'pause_at_period_end or pause_now',
    body.resume !== undefined && 'resume',
    !pausing && body.resume === undefined && body.resumes_at !== undefined && 'resumes_at',
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
  if (pausing) return pauseCommand(body, defaults);
  if (body.resume) {
    if (body.resumes_at !== undefined)
      throw invalidField(['body', 'resumes_at'], 'resume: true resumes now; to resume later, send resumes_at alone.');
    return { kind: 'resume' };
  }
  if (body.resumes_at !== undefined)
    return {
      kind: 'schedule_resume',
      resumesAt: body.resumes_at ? new Date(body.resumes_at).toISOString() : null,
    };
  return {
    kind: 'change',
    ...(body.product_id != null && { productId: body.product_id }),
    ...(body.seats !== undefined && { seats: body.seats }),
    ...('discount_id' in body && { discountId: body.discount_id ?? null }),
    proration: body.proration_behavior ?? defaultProration,
  };
}

/** `pause_at_period_end: true`, `pause_now: true` (ours; `pause_at_period_end` then absent or false), or a cancel of the pause. */
function pauseCommand(
  body: Pick<SubscriptionUpdate, 'pause_at_period_end' | 'pause_now' | 'resumes_at'>,
  defaults: CommandDefaults,
): SubscriptionCommand {
  if (body.pause_now && body.pause_at_period_end)
    throw invalidField(['body', 'pause_now'], 'Pause now or at the period end, not both.');
  const resumesAt = body.resumes_at ? new Date(body.resumes_at).toISOString() : null;
  if (!body.pause_now && !body.pause_at_period_end) {
    if (body.resumes_at != null)
      throw invalidField(['body', 'resumes_at'], 'pause_at_period_end: false cancels a pause: it takes no resumes_at.');
    return { kind: 'unpause' };
  }
  return {
    kind: 'pause',
    now: body.pause_now === true,
    resumesAt,
    keepBenefits: defaults.keepBenefitsWhilePaused ?? false,
  };
}
