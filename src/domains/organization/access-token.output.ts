// An organization access token as the API shows it (never the token itself).
import type { OrganizationAccessToken as AccessTokenOutput } from '../../contracts/organization-access-token';
import type { OrganizationAccessToken } from './organization.entity';

export function accessTokenOutput(token: OrganizationAccessToken): AccessTokenOutput {
  return {
    created_at: token.createdAt.toISOString(),
    modified_at: token.modifiedAt?.toISOString() ?? null,
    id: token.id,
    scopes: token.scopes,
    organization_id: token.organizationId,
    expires_at: token.expiresAt?.toISOString() ?? null,
    comment: token.comment,
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
  };
}
