// Organizations between legacy and 2026-04.
import { z } from 'zod';
import type { SchemaChange } from '../../version-change';

const ORGANIZATION: SchemaChange = {
  added: ['onboarding_resubmission_requested_at', 'dispute_settings', 'embed_hosts', 'country'],
  removed: { notification_settings: z.object({ new_order: z.boolean(), new_subscription: z.boolean() }) },
  restore(organization) {
    // Bursar e-mails the owner about neither new orders nor new subscriptions.
    organization.notification_settings = { new_order: false, new_subscription: false };
  },
};

export const ORGANIZATION_CHANGES: Record<string, SchemaChange> = {
  Organization: ORGANIZATION,
  /** A new organization's answer (`POST /v1/organizations/`) is an Organization with its first token. */
  OrganizationCreated: ORGANIZATION,
};
