// The authorization endpoint: what the consent screen shows, and the organization's allow or deny, answered with
// where to send its browser back to the app (with a code, or an error).
import type { EntityManager } from '@mikro-orm/postgresql';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { AuthorizeRequest } from '../../contracts/oauth2-authorize';
import type { ConsentBody } from '../../contracts/oauth2-consent';
import type { Clock } from '../../kernel/clock';
import { organizationSummary, type OrganizationService } from '../organization';
import { checkAuthorizationRequest, type Consenting } from './check-authorization-request';
import { clientOutput } from './oauth2-client.output';
import { type OAuth2ClientService } from './oauth2-client.service';
import { asOAuthError, libraryRequest, oauth2Server } from './oauth2-library';
import type { Grantor } from './oauth2-model-context';
import { OPENID_SCOPE } from './grantable-scopes.logic';
import { SUB_TYPE } from './oauth2.logic';

type Clients = Pick<OAuth2ClientService, 'findActive'>;

/** What the consent screen shows: the app, the organization asked, and the scopes it asks for. */
export async function consentScreen(
  deps: { clients: Clients; organizations: Pick<OrganizationService, 'findOrganization'> },
  em: EntityManager,
  caller: Consenting,
  request: AuthorizeRequest,
) {
  const { client, scopes } = await checkAuthorizationRequest(deps.clients, em, caller, request);
  const organization = organizationSummary(await deps.organizations.findOrganization(em, caller.organizationId));
  const sub = { id: organization.id, slug: organization.slug, avatar_url: organization.avatar_url };
  const { client_secret: _, ...publicClient } = clientOutput(client);
  return {
    client: publicClient,
    sub_type: SUB_TYPE,
    sub,
    scopes,
    organizations: [sub],
    scope_display_names: Object.fromEntries(scopes.map((scope) => [scope, scopeDisplayName(scope)])),
  };
}

/** Allow or deny: either way, where to send the organization's browser back to the app (with a code, or an error). */
export async function consent(
  deps: { clients: Clients; clock: Clock; serverSecret: string },
  em: EntityManager,
  caller: Consenting,
  body: ConsentBody,
): Promise<{ redirect_uri: string }> {
  const { client } = await checkAuthorizationRequest(deps.clients, em, caller, body);
  const { action, ...parameters } = body;
  const grantor: Grantor = {
    organizationId: caller.organizationId,
    consentingScopes: caller.scopes,
    nonce: body.nonce ?? null,
  };
  const request = libraryRequest({ ...parameters, ...(action === 'deny' && { allowed: 'false' }) }, 'GET');
  const response = new OAuth2Server.Response();
  try {
    await oauth2Server({ em, clock: deps.clock, serverSecret: deps.serverSecret, client }).authorize(
      request,
      response,
      {
        authenticateHandler: { handle: () => grantor },
        allowEmptyState: true,
      },
    );
  } catch (error) {
    if (!(error instanceof OAuth2Server.AccessDeniedError)) throw asOAuthError(error);
  }
  return { redirect_uri: response.get('location') as string };
}

function scopeDisplayName(scope: string): string {
  if (scope === OPENID_SCOPE) return 'Tell the app which organization this is';
  const [resource, access] = scope.split(':');
  return `${access === 'write' ? 'Create, change and delete' : 'Read'} ${resource.replace(/_/g, ' ')}`;
}
