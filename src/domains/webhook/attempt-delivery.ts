// The delivery workflow's step: one signed attempt at the endpoint, logged, unless an earlier event about the same
// resource is still on its way there.
import type { DeliveryOutcome } from '../../contracts/webhook-delivery-policy';
import { AddressRefused } from '../../adapters/http/guarded-dispatcher';
import { postWebhook, type PostOptions } from '../../adapters/http/webhook-poster';
import { signedHeaders } from '../../adapters/http/standard-webhooks';
import { ResourceNotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { loadAttemptContext, type AttemptContext } from './load-attempt-context';
import { recordAttempt, skipDelivery, type LoggedAttempt } from './record-attempt';
import type { DeliveryDeps } from './webhook-delivery.service';
import { DeliveryAttemptFailed, DeliveryRefused } from './webhook.errors';
import { webhookBody } from './webhook-body';

const EXCERPT_BYTES = 2048;

/** An attempt's answer: the delivery's outcome, or 'waiting' when it was asked to wait for an earlier event first. */
export type AttemptOutcome = DeliveryOutcome | 'waiting';

/**
 * One attempt, logged; throws DeliveryAttemptFailed for anything but a 2xx so the retry policy tries again. With
 * `waitForEarlier`, an attempt sends nothing and answers 'waiting' while an earlier event about the same resource is
 * still on its way to the endpoint (the workflow pauses and asks again) — a retry too, whose first try may have
 * failed before it could check.
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
  attempt: number,
  signal?: AbortSignal,
  options: { waitForEarlier?: boolean } = {},
): Promise<AttemptOutcome> {
  const em = deps.orm.em.fork();
  const context = await loadAttemptContext(em, deliveryId, options.waitForEarlier === true);
  if (!context) throw new ResourceNotFound(`Webhook delivery ${deliveryId} not found.`);
  if (context.status !== 'pending')
    return context.status === 'succeeded' ? 'succeeded' : context.status === 'failed' ? 'failed' : 'skipped';
  if (context.behindEarlier) return 'waiting';
  if (!context.endpointLive) {
    await skipDelivery(em, deliveryId, deps.clock.now());
    return 'skipped';
  }
  const sent = await postAttempt(deps, context, deliveryId, attempt, signal);
  await recordAttempt(em, context, sent.logged, deps.clock.now());
  deps.metrics.webhookAttempts([sent.logged]);
  if (sent.logged.succeeded) return 'succeeded';
  throw sent.refused ? new DeliveryRefused(sent.reason) : new DeliveryAttemptFailed(sent.reason);
}

/** What one POST came to, to be logged: refused when the address was private, with the reason when not a 2xx. */
export interface SentAttempt {
  logged: LoggedAttempt;
  refused: boolean;
  reason: string;
}

/** The signed POST of one attempt, not logged yet. */
export async function postAttempt(
  deps: DeliveryDeps,
  context: AttemptContext,
  deliveryId: string,
  attempt: number,
  signal?: AbortSignal,
  trace?: PostOptions['trace'],
): Promise<SentAttempt> {
  const body = webhookBody(context.payload, context.apiVersion);
  const now = deps.clock.now();
  const headers = {
    ...signedHeaders(deps.endpoints.secretOf(context), context.eventId, now, body),
    'webhook-api-version': context.apiVersion,
  };
  const result = await postWebhook(context.url, body, headers, {
    timeoutMs: deps.policy.timeoutMs,
    refuseAddress: deps.endpoints.refusesAddress,
    signal,
    trace,
  }).catch((error) => {
    if (error instanceof AddressRefused)
      return { status: null, body: '', durationMs: 0, error: error.message, refused: true };
    throw error;
  });
  const succeeded = result.status !== null && result.status >= 200 && result.status < 300;
  const logged = {
    id: newId(),
    deliveryId,
    attempt,
    succeeded,
    httpCode: result.status,
    durationMs: result.durationMs,
    response: excerpt(result.body) || null,
    error: result.error ?? (succeeded ? null : `HTTP ${result.status}`),
    createdAt: now,
  };
  return {
    logged,
    refused: 'refused' in result,
    reason: result.error ?? `The endpoint answered HTTP ${result.status}`,
  };
}

/** The response kept in the attempt log: its first 2 KiB, never cut inside a character. */
function excerpt(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= EXCERPT_BYTES
    ? text
    : bytes
        .subarray(0, EXCERPT_BYTES)
        .toString('utf8')
        .replace(/\uFFFD$/, '');
}
