// Leak reports of a secret-scanning program: checked against the configured keys, then every reported credential of
// ours is revoked at once and its organization's owner e-mailed, the first time it is reported.
import type { SecretScanningReport, SecretScanningReportAnswer } from '../../contracts/secret-scanning';
import { Unauthorized } from '../../kernel/errors';
import type { Tx } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email';
import type { CustomerSessionService } from '../customer-session';
import type { OAuth2Service } from '../oauth2';
import type { AccessTokenService, OrganizationService } from '../organization';
import { revokeLeakedCredential } from './revoke-leaked-credential';
import { verdictFor } from './secret-scanning.logic';
import { type ReportSigningKey } from './report-signing.logic';
import { tellCredentialOwner } from './tell-credential-owner';
import { checkReportSignature, type ReportSignatureCheck } from './secret-scanning.signature';

export interface SecretScanningServiceDeps {
  publicKeys: readonly ReportSigningKey[];
  accessTokens: AccessTokenService;
  customerSessions: CustomerSessionService;
  oauth2: OAuth2Service;
  organizations: OrganizationService;
  email: EmailQueue;
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
      const outcome = await revokeLeakedCredential(this.deps, tx, match.token);
      if (outcome?.revokedNow) await tellCredentialOwner(this.deps, tx, outcome.credential, match);
      answer.push(verdictFor(match, outcome !== null));
    }
    return answer;
  }
}
