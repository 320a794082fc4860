// What the OAuth2 library's storage works with: who grants, and the request's transaction and client.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import type { OAuth2Client } from './oauth2.entity';

/**
 * Who grants (the organization that consents, with its token's scopes) and, from the code or the refresh token, the
 * grant carried on: when it was consented to, and the authorization request's nonce (the code's only).
 */
export interface Grantor {
  organizationId: string;
  consentingScopes?: ReadonlySet<string>;
  grantId?: string;
  consentedAt?: Date | null;
  nonce?: string | null;
}

export interface ModelContext {
  em: EntityManager;
  clock: Clock;
  serverSecret: string;
  /**
   * The client the request names, already found (and at the token endpoint authenticated) by the service: the
   * library asks for it again, and gets it without a second lookup or secret check.
   */
  client: OAuth2Client;
  /**
   * Told when a spent code or a retired refresh token comes back, to revoke its grant outside the failing request's
   * transaction.
   */
  onReplay?(grantId: string): void;
}
