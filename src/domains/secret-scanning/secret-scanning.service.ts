// Leak reports of a secret-scanning program: checked against the configured keys, then every reported credential of
// ours is revoked at once and its organization's owner e-mailed, the first time it is reported.
import type {
  SecretScanningReport,
  SecretScanningReportAnswer,
  LeakedTokenMatch,
} from '../../contracts/secret-scanning';
import { Unauthorized } from '../../kernel/errors';
import type { Tx } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email';
import type { CustomerSessionService } from '../customer-session';
import type { OAuth2Service } from '../oauth2';
import type { AccessTokenService, OrganizationService } from '../organization';
import { leakedTokenEmail } from './leaked-token.email';
import {
  LEAKED_TOKEN_KIND_NAMES,
  LEAKED_TOKEN_KINDS,
  claimedKind,
  verdictFor,
  type LeakedTokenKind,
  type ReportSigningKey,
} from './secret-scanning.logic';
import { checkReportSignature, type ReportSignatureCheck } from './secret-scanning.signature';

export interface SecretScanningServiceDeps {
  publicKeys: readonly ReportSigningKey[];
  accessTokens: AccessTokenService;
  customerSessions: CustomerSessionService;
  oauth2: OAuth2Service;
  organizations: OrganizationService;
  email: EmailQueue;
}

/** A credential of ours that a report revoked: whose, and how the owner's e-mail names it. */
interface RevokedCredential {
  organizationId: string;
  kind: LeakedTokenKind;
  description: string;
}

const REFUSALS: Record<Exclude<ReportSignatureCheck, 'valid'>, string> = {
  no_keys: 'No secret-scanning public keys are configured (SECRET_SCANNING_PUBLIC_KEYS), so no report can be verified.',
  unsigned: 'A report must carry the Github-Public-Key-Identifier and Github-Public-Key-Signature headers.',
  unknown_key: 'The report is signed with a key that is not configured.',
  bad_signature: "The report's signature does not match its body.",
};

export class SecretScanningService {
  constructor(private readonly deps: SecretScanningServiceDeps) {}

  /** 401 unless the raw body is signed by one of the configured keys. */
  assertSigned(rawBody: string, keyIdentifier: string, signature: string): void {
    const check = checkReportSignature(this.deps.publicKeys, rawBody, keyIdentifier, signature);
    if (check !== 'valid') throw new Unauthorized(REFUSALS[check]);
  }

  /** One verdict per match, in order; a credential already revoked (by an earlier report) is not e-mailed again. */
  async answer(tx: Tx, report: SecretScanningReport): Promise<SecretScanningReportAnswer> {
    const answer: SecretScanningReportAnswer = [];
    for (const match of report) {
      const outcome = await this.revoke(tx, match.token);
      if (outcome?.revokedNow) await this.tellOwner(tx, outcome.credential, match);
      answer.push(verdictFor(match, outcome !== null));
    }
    return answer;
  }

  /** Null when the string is no credential of ours (wrong prefix or checksum, or no such token). */
  private async revoke(tx: Tx, token: string): Promise<{ credential: RevokedCredential; revokedNow: boolean } | null> {
    switch (claimedKind(token)) {
      case LEAKED_TOKEN_KINDS.organizationAccessToken: {
        const leaked = await this.deps.accessTokens.revokeLeaked(tx.em, token);
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
        const leaked = await this.deps.customerSessions.revokeLeaked(tx.em, token);
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
        const leaked = await this.deps.oauth2.revokeLeaked(tx.em, token);
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

  private async tellOwner(tx: Tx, credential: RevokedCredential, match: LeakedTokenMatch): Promise<void> {
    const organization = await this.deps.organizations.findOrganization(tx.em, credential.organizationId);
    if (!organization.ownerEmail) {
      console.warn(
        `A leaked ${LEAKED_TOKEN_KIND_NAMES[credential.kind]} of organization ${organization.id} was revoked; it has no owner e-mail to tell.`,
      );
      return;
    }
    await this.deps.email.enqueue(tx, {
      organizationId: organization.id,
      to: organization.ownerEmail,
      template: leakedTokenEmail,
      params: {
        organizationName: organization.name,
        tokenKind: LEAKED_TOKEN_KIND_NAMES[credential.kind],
        tokenDescription: credential.description,
        url: match.url || null,
        source: match.source || null,
      },
    });
  }
}
