// The e-mail to an organization's owner that one of its credentials leaked and was revoked (a warning when it has no
// owner address).
import type { LeakedTokenMatch } from '../../contracts/secret-scanning';
import type { Tx } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email';
import type { OrganizationService } from '../organization';
import { leakedTokenEmail } from './leaked-token.email';
import type { RevokedCredential } from './revoke-leaked-credential';
import { LEAKED_TOKEN_KIND_NAMES } from './secret-scanning.logic';
import { logger } from '../../platform/logging/logger';

export async function tellCredentialOwner(
  deps: { organizations: OrganizationService; email: EmailQueue },
  tx: Tx,
  credential: RevokedCredential,
  match: LeakedTokenMatch,
): Promise<void> {
  const organization = await deps.organizations.findOrganization(tx.em, credential.organizationId);
  if (!organization.ownerEmail) {
    logger().warn(
      { organization_id: organization.id, credential_kind: credential.kind },
      `A leaked ${LEAKED_TOKEN_KIND_NAMES[credential.kind]} was revoked; its organization has no owner e-mail to tell.`,
    );
    return;
  }
  await deps.email.enqueue(tx, {
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
