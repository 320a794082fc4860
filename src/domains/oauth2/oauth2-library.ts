// The glue to @node-oauth/oauth2-server: its server on our model, our parsed parameters as its requests, and its errors
// as ours.
import OAuth2Server from '@node-oauth/oauth2-server';
import { oauth2Model } from './oauth2-model';
import { type ModelContext } from './oauth2-model-context';
import { OAuthError, type OAuthErrorCode } from './oauth2.errors';
import { OAUTH2_LIFETIMES_SECONDS } from './oauth2.logic';

/** The library's server for one request: our model on the request's transaction and the client it names. */
export function oauth2Server(context: ModelContext): OAuth2Server {
  const model = oauth2Model(context);
  return new OAuth2Server({ model, authorizationCodeLifetime: OAUTH2_LIFETIMES_SECONDS.authorizationCode });
}

/** Our parsed parameters as the library's request: a form POST (the token endpoint) or the authorization GET. */
export function libraryRequest(parameters: Record<string, unknown>, method: 'GET' | 'POST'): OAuth2Server.Request {
  const fields = Object.fromEntries(
    Object.entries(parameters)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
  // The body is parsed already (form or JSON); the library still asks for a form, and a body needs a length to be one.
  const body = new URLSearchParams(fields).toString();
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(Buffer.byteLength(body)),
  };
  return new OAuth2Server.Request({
    method,
    headers,
    query: method === 'GET' ? fields : {},
    body: method === 'POST' ? fields : {},
  });
}

const LIBRARY_CODES = new Set<string>([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

/** The library's errors as ours; anything else (the database down) goes on as itself. */
export function asOAuthError(error: unknown): unknown {
  if (!(error instanceof OAuth2Server.OAuthError)) return error;
  if (LIBRARY_CODES.has(error.name)) return new OAuthError(error.name as OAuthErrorCode, error.message);
  return (error as { inner?: unknown }).inner ?? error;
}
