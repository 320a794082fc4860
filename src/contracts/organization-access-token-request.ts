// What an organization access token is created and edited with: its comment, its scopes and its lifetime.
import { z } from 'zod';
import { Uuid } from './common';
import { SCOPES } from './scopes';

/** A scope a token may carry; anything else is refused (422) when a token is created or edited. */
const Scope = z.enum(SCOPES);
const Scopes = z.array(Scope).min(1).max(SCOPES.length);

export const OrganizationAccessTokenCreate = z
  .object({
    comment: z.string().trim().max(255).default(''),
    scopes: Scopes,
    /** Seconds until it stops working (a minute to ten years); absent or null: it never expires. */
    expires_in: z.int32().min(60).max(315_360_000).nullish(),
    organization_id: Uuid.nullish(),
  })
  .meta({ id: 'OrganizationAccessTokenCreate' });
export type OrganizationAccessTokenCreate = z.infer<typeof OrganizationAccessTokenCreate>;

export const OrganizationAccessTokenUpdate = z
  .object({ comment: z.string().trim().max(255).nullish(), scopes: Scopes.nullish() })
  .meta({ id: 'OrganizationAccessTokenUpdate' });
export type OrganizationAccessTokenUpdate = z.infer<typeof OrganizationAccessTokenUpdate>;
