// `POST /v1/organizations/`: a sibling of the caller's organization, with the caller's owner, and its first access
// token carrying the calling token's scopes (its clear text returned this once, never stored).
import type { OrganizationCreate } from '../../contracts/organization-create';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';
import type { AuthenticatedOrganization } from '../../platform/http/route';
import { createAccessToken } from './create-access-token';
import { createOrganization } from './create-organization';
import { Organization, type OrganizationAccessToken } from './organization.entity';
import { CannotCreateOrganizationError } from './organization.errors';
import type { Scope } from './organization.logic';
import { TOKENS_WRITE } from './organization.scopes';

export interface OwnedOrganization {
  organization: Organization;
  token: string;
  accessToken: OrganizationAccessToken;
}

/**
 * Bursar has no user accounts: an organization's owner is its `owner_email`, and who may found another organization
 * for that owner is a token that may act for them — one with `organization_access_tokens:write`, as moving
 * `owner_email` takes — and never an app's, which would be handed a whole organization.
 */
export async function createOwnedOrganization(
  deps: { clock: Clock; secret: string },
  tx: Tx,
  caller: AuthenticatedOrganization,
  body: OrganizationCreate,
): Promise<OwnedOrganization> {
  if (caller.oauth2ClientId)
    throw new CannotCreateOrganizationError("An app's access token cannot create organizations.");
  if (!caller.scopes.has(TOKENS_WRITE[0]))
    throw new CannotCreateOrganizationError(
      `Creating an organization takes a token with ${TOKENS_WRITE[0]} too: ` +
        'it acts for the owner and hands out a token.',
    );
  const founder = await tx.em.findOneOrFail(Organization, { id: caller.organizationId });
  if (!founder.ownerEmail)
    throw new CannotCreateOrganizationError(
      'This organization has no owner (owner_email): set one first; the new organization gets the same owner.',
    );
  const { name, slug, ...settings } = body;
  const organization = await createOrganization(deps, tx.em, { name, slug, ownerEmail: founder.ownerEmail, settings });
  const { token, accessToken } = await createAccessToken(deps, tx.em, organization.id, {
    scopes: [...caller.scopes] as Scope[],
    comment: `First token, created by a token of ${founder.slug}`,
  });
  return { organization, token, accessToken };
}
