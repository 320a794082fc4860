// Organization access tokens: created (by the CLI or over the API) with scopes and an optional expiry, listed, edited
// and revoked; resolved on every request, which records when each was last used.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { ResourceNotFound } from '../../kernel/errors';
import { pageOffset, paginationOf, type PageRequest } from '../../kernel/pagination';
import type { AuthenticatedOrganization } from '../../platform/http/route';
import { OrganizationAccessToken } from './organization.entity';
import type { Scope } from './organization.logic';
import { assertGrantable } from './access-token-grant';
import { authenticateAccessToken } from './authenticate-access-token';
import { createAccessToken, type AccessTokenInput } from './create-access-token';
import { revokeLeakedAccessToken, type LeakedAccessToken } from './revoke-leaked-access-token';

export class AccessTokenService {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  private get keys() {
    return { secret: this.secret, clock: this.clock };
  }

  /**
   * Returns the token in clear text: the only time it is ever visible. Over the API, `grantor` is the calling token's
   * scopes: a token can only create tokens with scopes it carries itself (the CLI, run by the operator, grants any).
   */
  create(
    em: EntityManager,
    organizationId: string,
    input: AccessTokenInput,
    grantor?: ReadonlySet<string>,
  ): Promise<{ token: string; accessToken: OrganizationAccessToken }> {
    return createAccessToken(this.keys, em, organizationId, input, grantor);
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
  authenticate(em: EntityManager, token: string): Promise<AuthenticatedOrganization | null> {
    return authenticateAccessToken(this.keys, em, token);
  }

  /**
   * A token reported leaked: revoked at once (if it still worked). Null when the string is no token of ours — it
   * fails the checksum, or no token has this digest.
   */
  revokeLeaked(em: EntityManager, token: string): Promise<LeakedAccessToken | null> {
    return revokeLeakedAccessToken(this.keys, em, token);
  }
}
