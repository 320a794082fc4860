// The organization's grants to apps: the list of apps it granted access to, withdrawing one, and revoking the grant
// of a token a secret-scanning program found in public.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { ResourceNotFound } from '../../kernel/errors';
import { pageOffset, paginationOf, type PageRequest } from '../../kernel/pagination';
import { hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import { OAuth2Client, OAuth2Token } from './oauth2.entity';
import { OAUTH2_PREFIXES } from './oauth2.logic';

/** A leaked app token: the organization that granted it (whose owner is told) and the app it was granted to. */
export interface LeakedAppToken {
  organizationId: string;
  clientId: string;
  clientName: string;
  revokedNow: boolean;
}

/** The apps the organization granted access to and has not revoked: each grant's current token pair, newest first. */
export async function grantsOf(em: EntityManager, organizationId: string, page: PageRequest) {
  const [rows, total] = await em.findAndCount(
    OAuth2Token,
    { organizationId, revokedAt: null, rotatedAt: null },
    { orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.limit, offset: pageOffset(page) },
  );
  const clients = await em.find(OAuth2Client, {
    clientId: { $in: [...new Set(rows.map((row) => row.clientId))] },
  });
  const nameOf = new Map(clients.map((client) => [client.clientId, client.clientName]));
  const items = rows.map((row) => ({
    id: row.grantId,
    client_id: row.clientId,
    client_name: nameOf.get(row.clientId) ?? row.clientId,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
  }));
  return { items, pagination: paginationOf(total, page.limit) };
}

/** The organization withdraws an app's access: every token of the grant stops working at once. */
export async function revokeGrant(clock: Clock, em: EntityManager, organizationId: string, grantId: string) {
  const revoked = await em.nativeUpdate(
    OAuth2Token,
    { grantId, organizationId, revokedAt: null },
    { revokedAt: clock.now() },
  );
  if (!revoked) throw new ResourceNotFound('No live grant with this id.');
}

/**
 * An app's access or refresh token a secret-scanning program found in public: its whole grant is revoked at once.
 * Null when the string is no token of ours (prefix, checksum, or no such token).
 */
export async function revokeLeakedToken(
  deps: { clock: Clock; serverSecret: string },
  em: EntityManager,
  token: string,
): Promise<LeakedAppToken | null> {
  const hash = hashToken(token, deps.serverSecret);
  const where = hasValidChecksum(token, OAUTH2_PREFIXES.accessToken)
    ? { accessTokenHash: hash }
    : hasValidChecksum(token, OAUTH2_PREFIXES.refreshToken)
      ? { refreshTokenHash: hash }
      : null;
  const row = where && (await em.findOne(OAuth2Token, where));
  if (!row) return null;
  const revoked = await em.nativeUpdate(
    OAuth2Token,
    { grantId: row.grantId, revokedAt: null },
    { revokedAt: deps.clock.now() },
  );
  const client = await em.findOne(OAuth2Client, { clientId: row.clientId });
  return {
    organizationId: row.organizationId,
    clientId: row.clientId,
    clientName: client?.clientName ?? row.clientId,
    revokedNow: revoked > 0,
  };
}
