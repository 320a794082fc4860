// Organization access tokens: created (by the CLI or over the API) with scopes and an optional expiry, listed, edited
// and revoked; resolved on every request, which records when each was last used.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { NotPermitted, ResourceNotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { pageOffset, paginationOf, type PageRequest } from '../../kernel/pagination';
import { generateToken, hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import type { AuthenticatedOrganization } from '../../platform/http/route';
import { OrganizationAccessToken } from './organization.entity';
import { LAST_USED_PRECISION_MS, ORGANIZATION_TOKEN_PREFIX, scopesBeyond, type Scope } from './organization.logic';

export interface AccessTokenInput {
  scopes: Scope[];
  comment?: string;
  /** Seconds from now; absent or null: the token never expires. */
  expiresInSeconds?: number | null;
}

/** A token a secret-scanning program found in public: which one, whose, and whether this report revoked it. */
export interface LeakedAccessToken {
  organizationId: string;
  accessToken: OrganizationAccessToken;
  revokedNow: boolean;
}

export class AccessTokenService {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  /**
   * Returns the token in clear text: the only time it is ever visible. Over the API, `grantor` is the calling token's
   * scopes: a token can only create tokens with scopes it carries itself (the CLI, run by the operator, grants any).
   */
  async create(
    em: EntityManager,
    organizationId: string,
    input: AccessTokenInput,
    grantor?: ReadonlySet<string>,
  ): Promise<{ token: string; accessToken: OrganizationAccessToken }> {
    if (grantor) assertGrantable(input.scopes, grantor);
    const token = generateToken(ORGANIZATION_TOKEN_PREFIX);
    const now = this.clock.now();
    const accessToken = em.create(OrganizationAccessToken, {
      id: newId(),
      organizationId,
      tokenHash: hashToken(token, this.secret),
      scopes: [...new Set(input.scopes)],
      comment: input.comment ?? '',
      expiresAt: input.expiresInSeconds ? new Date(now.getTime() + input.expiresInSeconds * 1000) : null,
      revokedAt: null,
      lastUsedAt: null,
      createdAt: now,
      modifiedAt: null,
    });
    await em.flush();
    return { token, accessToken };
  }

  /** The organization's tokens that still work or will (not revoked), newest first; expired ones stay visible. */
  async list(em: EntityManager, organizationId: string, page: PageRequest) {
    const [items, total] = await em.findAndCount(
      OrganizationAccessToken,
      { organizationId, revokedAt: null },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.limit, offset: pageOffset(page) },
    );
    return { items, pagination: paginationOf(total, page.limit) };
  }

  async get(em: EntityManager, organizationId: string, id: string): Promise<OrganizationAccessToken> {
    const accessToken = await em.findOne(OrganizationAccessToken, { id, organizationId, revokedAt: null });
    if (!accessToken) throw new ResourceNotFound('Organization access token not found.');
    return accessToken;
  }

  /** A new comment, or new scopes: of a token within the caller's own scopes, to scopes within them (as at creation). */
  async update(
    em: EntityManager,
    organizationId: string,
    id: string,
    input: { comment?: string; scopes?: Scope[] },
    grantor: ReadonlySet<string>,
  ): Promise<OrganizationAccessToken> {
    const accessToken = await this.get(em, organizationId, id);
    assertGrantable(accessToken.scopes, grantor);
    if (input.scopes) {
      assertGrantable(input.scopes, grantor);
      accessToken.scopes = [...new Set(input.scopes)];
    }
    if (input.comment !== undefined) accessToken.comment = input.comment;
    accessToken.modifiedAt = this.clock.now();
    await em.flush();
    return accessToken;
  }

  /**
   * From now on the token is answered 401; a revoked token is gone from every read (a second revoke: 404). Over the
   * API, only a token the caller could have created (`grantor`'s scopes cover it) — never one more powerful.
   */
  async revoke(em: EntityManager, organizationId: string, id: string, grantor?: ReadonlySet<string>): Promise<void> {
    const accessToken = await this.get(em, organizationId, id);
    if (grantor) assertGrantable(accessToken.scopes, grantor);
    accessToken.revokedAt = this.clock.now();
    await em.flush();
  }

  /** Resolves a bearer token to its organization, or null when it is unknown, revoked or expired. */
  async authenticate(em: EntityManager, token: string): Promise<AuthenticatedOrganization | null> {
    if (!hasValidChecksum(token, ORGANIZATION_TOKEN_PREFIX)) return null;
    const accessToken = await em.findOne(OrganizationAccessToken, {
      tokenHash: hashToken(token, this.secret),
      revokedAt: null,
    });
    if (!accessToken) return null;
    const now = this.clock.now();
    if (accessToken.expiresAt && accessToken.expiresAt <= now) return null;
    await this.recordUse(em, accessToken, now);
    return { organizationId: accessToken.organizationId, tokenId: accessToken.id, scopes: new Set(accessToken.scopes) };
  }

  /**
   * A token reported leaked: revoked at once (if it still worked). Null when the string is no token of ours — it
   * fails the checksum, or no token has this digest.
   */
  async revokeLeaked(em: EntityManager, token: string): Promise<LeakedAccessToken | null> {
    if (!hasValidChecksum(token, ORGANIZATION_TOKEN_PREFIX)) return null;
    const tokenHash = hashToken(token, this.secret);
    const accessToken = await em.findOne(OrganizationAccessToken, { tokenHash });
    if (!accessToken) return null;
    // guarded: of two reports at once, one revokes (and e-mails)
    const revokedNow =
      (await em.nativeUpdate(
        OrganizationAccessToken,
        { tokenHash, revokedAt: null },
        { revokedAt: this.clock.now() },
      )) === 1;
    return { organizationId: accessToken.organizationId, accessToken, revokedNow };
  }

  /** One guarded write a minute per token at most, whatever the request rate; outside the request's transaction. */
  private async recordUse(em: EntityManager, accessToken: OrganizationAccessToken, now: Date): Promise<void> {
    if (accessToken.lastUsedAt && now.getTime() - accessToken.lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
    await em.nativeUpdate(
      OrganizationAccessToken,
      {
        id: accessToken.id,
        $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: new Date(now.getTime() - LAST_USED_PRECISION_MS) } }],
      },
      { lastUsedAt: now },
    );
  }
}

function assertGrantable(scopes: readonly string[], grantor: ReadonlySet<string>): void {
  const beyond = scopesBeyond(scopes, grantor);
  if (beyond.length)
    throw new NotPermitted(
      `A token can only grant (or manage) scopes it carries itself; this one lacks ${beyond.join(', ')}.`,
    );
}
