// What a request presents to authenticate its client (RFC 6749 §2.3): an HTTP Basic header, a secret in the body, or
// a public client's id alone; two ways at once are malformed.
import type { TokenEndpointAuthMethod } from '../../contracts/oauth2-fields';
import { OAuthError } from './oauth2.errors';

/** The credentials a request may carry in its body. */
export interface BodyCredentials {
  client_id?: string;
  client_secret?: string;
}

interface Presented {
  method: TokenEndpointAuthMethod;
  clientId?: string;
  secret?: string;
}

export /** What the request presents, and how. Two ways at once, or two client ids, are a malformed request (RFC 6749 §5.2). */
function presentedCredentials(body: BodyCredentials, authorization: string): Presented {
  const secretInBody = body.client_secret || undefined; // sent empty: as if omitted (RFC 6749 §3.2)
  if (!/^Basic(\s|$)/i.test(authorization)) {
    return secretInBody === undefined
      ? { method: 'none', clientId: body.client_id }
      : { method: 'client_secret_post', clientId: body.client_id, secret: secretInBody };
  }
  const basic = basicCredentials(authorization);
  if (!basic)
    throw new OAuthError(
      'invalid_client',
      'The Authorization header does not hold HTTP Basic credentials (client_id:client_secret, base64).',
    );
  if (secretInBody !== undefined)
    throw new OAuthError('invalid_request', 'Authenticate one way: HTTP Basic or client_secret in the body, not both.');
  if (body.client_id !== undefined && body.client_id !== basic[0]) {
    throw new OAuthError('invalid_request', 'The client_id in the body is not the one in the Authorization header.');
  }
  return { method: 'client_secret_basic', clientId: basic[0], secret: basic[1] };
}

/** RFC 6749 §2.3.1: the id and secret are form-encoded, then joined by a colon and base64-encoded. */
function basicCredentials(authorization: string): [string, string] | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const formDecoded = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
  try {
    return [formDecoded(decoded.slice(0, colon)), formDecoded(decoded.slice(colon + 1))];
  } catch {
    return null; // malformed percent-encoding: no credentials
  }
}
