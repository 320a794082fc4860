// Webhook endpoints between legacy and 2026-04: the version their payloads are shaped for, named.
import type { SchemaChange } from '../../version-change';

export const WEBHOOK_CHANGES: Record<string, SchemaChange> = {
  WebhookEndpoint: { added: ['api_version', 'uses_standard_webhook_signature'] },
  WebhookEvent: { added: ['api_version'] },
};
