// An authorization request's consent screen, and the organization's answer to it.
import { AuthorizeQuery } from '../../contracts/oauth2-authorize';
import { AuthorizeResponseOrganization, ConsentBody, ConsentResponse } from '../../contracts/oauth2-consent';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { OAUTH2_PATHS } from './oauth2-metadata.logic';
import type { OAuth2Service } from './oauth2.service';
import { MANAGE } from './oauth2.scopes';

export function oauth2ConsentRoutes(oauth2: OAuth2Service): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: OAUTH2_PATHS.authorize,
      summary: 'The consent screen of an authorization request: the app, the organization and the scopes asked for',
      scopes: MANAGE,
      query: AuthorizeQuery,
      status: 200,
      response: AuthorizeResponseOrganization,
      async handler({ auth, tx, query }) {
        return oauth2.authorization(tx.em, auth, query);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/oauth2/consent',
      summary: 'Allow or deny an authorization request; answers where to send the browser back to the app',
      scopes: MANAGE,
      body: ConsentBody,
      form: true,
      status: 200,
      response: ConsentResponse,
      async handler({ auth, tx, body }) {
        return oauth2.consent(tx.em, auth, body);
      },
    }),
  ];
}
