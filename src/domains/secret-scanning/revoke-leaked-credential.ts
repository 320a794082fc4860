// A reported credential revoked by the domain that owns it (organization access tokens, customer sessions, OAuth2
// grants), with whose it was and how the owner's e-mail names it.
import type { Tx } from '../../platform/database/transaction';
import type { CustomerSessionService } from '../customer-session';
import type { OAuth2Service } from '../oauth2';
import type { AccessTokenService } from '../organization';
import { LEAKED_TOKEN_KINDS, claimedKind, type LeakedTokenKind } from './secret-scanning.logic';

export /** A credential of ours that a report revoked: whose, and how the owner's e-mail names it. */
interface RevokedCredential {
  organizationId: string;
  kind: LeakedTokenKind;
  description: string;
}

/** Null when the string is no credential of ours (wrong prefix or checksum, or no such token). */
export async function revokeLeakedCredential(
  deps: { accessTokens: AccessTokenService; customerSessions: CustomerSessionService; oauth2: OAuth2Service },
  tx: Tx,
  token: string,
): Promise<{ credential: RevokedCredential; revokedNow: boolean } | null> {
  switch (claimedKind(token)) {
    case LEAKED_TOKEN_KINDS.organizationAccessToken: {
      const leaked = await deps.accessTokens.revokeLeaked(tx.em, token);
      if (!leaked) return null;
      const { comment, id } = leaked.accessToken;
      const description = comment ? `"${comment}", id ${id}` : `id ${id}`;
      return {
        credential: {
          organizationId: leaked.organizationId,
          kind: LEAKED_TOKEN_KINDS.organizationAccessToken,
          description,
        },
        revokedNow: leaked.revokedNow,
      };
    }
    case LEAKED_TOKEN_KINDS.customerSessionToken: {
      const leaked = await deps.customerSessions.revokeLeaked(tx.em, token);
      if (!leaked) return null;
      const description = `a session of customer ${leaked.customerId}`;
      return {
        credential: {
          organizationId: leaked.organizationId,
          kind: LEAKED_TOKEN_KINDS.customerSessionToken,
          description,
        },
        revokedNow: leaked.revokedNow,
      };
    }
    case LEAKED_TOKEN_KINDS.oauth2Token: {
      const leaked = await deps.oauth2.revokeLeaked(tx.em, token);
      if (!leaked) return null;
      const description = `granted to the app "${leaked.clientName}", client ${leaked.clientId}; every token of that grant is revoked`;
      return {
        credential: { organizationId: leaked.organizationId, kind: LEAKED_TOKEN_KINDS.oauth2Token, description },
        revokedNow: leaked.revokedNow,
      };
    }
    default:
      return null;
  }
}
