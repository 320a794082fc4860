// How a refusal on an OAuth endpoint is answered: an OAuthError as itself, and on the endpoints a client calls itself
// a malformed request as one too, with the HTTP Basic challenge on a 401.
import { UNSUPPORTED_GRANT_TYPE } from '../../contracts/oauth2-token';
import { BadRequest, RequestValidationError, UnsupportedMediaType, type ValidationIssue } from '../../kernel/errors';
import { OAuthError } from './oauth2.errors';
import { OAUTH2_PATHS } from './oauth2-metadata.logic';

/** How a refusal is answered on an OAuth endpoint: the OAuth error, and the challenge a 401 there carries. */
export interface OAuthRefusal {
  error: OAuthError;
  wwwAuthenticate?: string;
}

/** The token, introspection (RFC 7662 §2.3) and revocation (RFC 7009 §2.2.1) endpoints answer RFC 6749 §5.2 errors. */
const CLIENT_ENDPOINTS: readonly string[] = [OAUTH2_PATHS.token, OAUTH2_PATHS.introspect, OAUTH2_PATHS.revoke];

/** The HTTP Basic challenge of these endpoints (RFC 6749 §2.3.1; RFC 9110 §15.5.2: a 401 says how to authenticate). */
const BASIC_CHALLENGE = 'Basic realm="Bursar OAuth 2.0"';

/**
 * What an error thrown on the route at `routePath` is answered as, if it is an OAuth refusal: an OAuthError as itself,
 * and on the client endpoints a body that is malformed, not JSON or a form, or fails its contract as invalid_request
 * (an unknown grant_type as unsupported_grant_type). Null for anything else (rate limits, size limits, outages).
 */
export function oauthRefusal(routePath: string, error: unknown): OAuthRefusal | null {
  const clientEndpoint = CLIENT_ENDPOINTS.includes(routePath);
  const refusal = error instanceof OAuthError ? error : clientEndpoint ? malformedRequest(error) : null;
  if (!refusal) return null;
  return clientEndpoint && refusal.code === 'invalid_client'
    ? { error: refusal, wwwAuthenticate: BASIC_CHALLENGE }
    : { error: refusal };
}

function malformedRequest(error: unknown): OAuthError | null {
  if (error instanceof RequestValidationError && Array.isArray(error.detail)) {
    const issues: ValidationIssue[] = error.detail;
    if (issues.some((issue) => issue.msg === UNSUPPORTED_GRANT_TYPE))
      return new OAuthError('unsupported_grant_type', UNSUPPORTED_GRANT_TYPE);
    return new OAuthError(
      'invalid_request',
      issues.map((issue) => `${issue.loc.slice(1).join('.') || 'body'}: ${issue.msg}`).join('; '),
    );
  }
  if (error instanceof UnsupportedMediaType) {
    return new OAuthError(
      'invalid_request',
      'Send the parameters as a form (application/x-www-form-urlencoded) or as JSON, in UTF-8.',
    );
  }
  if (error instanceof BadRequest) return new OAuthError('invalid_request', String(error.detail));
  return null;
}
