// What an endpoint receives for an event: the event shaped for the endpoint's API version, which the body names. The
// signature covers exactly this text.
import type { ApiVersion } from '../../contracts/api-version';
import { eventDataSchema, type WebhookPayload } from '../../contracts/webhook-payload';
import { inVersion } from '../../contracts/versioned-value';

export function webhookBody(payload: WebhookPayload, apiVersion: ApiVersion): string {
  const data = inVersion(eventDataSchema(payload.type), payload.data, apiVersion);
  return JSON.stringify({ type: payload.type, timestamp: payload.timestamp, api_version: apiVersion, data });
}
