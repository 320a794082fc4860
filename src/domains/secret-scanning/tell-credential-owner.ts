// The e-mail to an organization's owner that one of its credentials leaked and was revoked (a warning when it has no
// owner address).
import type { LeakedTokenMatch } from '../../contracts/secret-scanning';
import type { Tx } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email';
import type { OrganizationService } from '../organization';
import { leakedTokenEmail } from './leaked-token.email';
import type { RevokedCredential } from './revoke-leaked-credential';
import { LEAKED_TOKEN_KIND_NAMES } from './secret-scanning.logic';

export async function tellCredentialOwner(
  deps: { organizations: OrganizationService; email: EmailQueue },
  tx: Tx,
  credential: RevokedCredential,
  match: LeakedTokenMatch,
): Promise<void> {
  const organization = await deps.organizations.findOrganization(tx.em, credential.organizationId);
  if (!organization.ownerEmail) {
    console.warn(
      `A leaked ${LEAKED_TOKEN_KIND_NAMES[credential.kind]} of organization ${organization.id} was revoked; it has no owner e-mail to tell.`,
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
