// Delivery attempts as the API's delivery log shows them: each with its event and its delivery's outcome.
import type { ApiVersion } from '../../contracts/api-version';
import type { WebhookDelivery as AttemptOutput } from '../../contracts/webhook-delivery';
import type { WebhookEventType } from '../../contracts/webhook';
import type { WebhookPayload } from '../../contracts/webhook-payload';
import { webhookBody } from './webhook-body';

/** An attempt with its event and its delivery's outcome, as the delivery log reads them. */
export interface AttemptRow {
  id: string;
  created_at: Date;
  succeeded: boolean;
  http_code: number | null;
  response: string | null;
  error: string | null;
  attempt: number;
  duration_ms: number;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEventType;
  event_created_at: Date;
  payload: WebhookPayload;
  api_version: ApiVersion;
  delivery_status: string;
  delivery_last_http_code: number | null;
  delivery_modified_at: Date | null;
  total: number;
}

export function attemptOutput(row: AttemptRow): AttemptOutput {
  return {
    created_at: new Date(row.created_at).toISOString(),
    modified_at: null,
    id: row.id,
    succeeded: row.succeeded,
    http_code: row.http_code,
    response: row.response ?? row.error,
    endpoint_id: row.endpoint_id,
    attempt: row.attempt,
    duration_ms: row.duration_ms,
    error: row.error,
    webhook_event: {
      created_at: new Date(row.event_created_at).toISOString(),
      modified_at: row.delivery_modified_at ? new Date(row.delivery_modified_at).toISOString() : null,
      id: row.event_id,
      last_http_code: row.delivery_last_http_code,
      succeeded: row.delivery_status === 'pending' ? null : row.delivery_status === 'succeeded',
      skipped: row.delivery_status === 'skipped',
      payload: webhookBody(row.payload, row.api_version),
      type: row.event_type,
      is_archived: false,
      api_version: row.api_version,
    },
  };
}
