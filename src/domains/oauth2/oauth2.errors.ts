// OAuth's own errors (RFC 6749 §5.2): the problem body's `error` is the RFC's code, so OAuth clients read it as such.
// On the endpoints a client calls itself, every refusal of a malformed request is one of them too (oauth2-refusal.ts).
import { BursarError } from '../../kernel/errors';

/** OAuth's error codes; their HTTP statuses are in the kernel's error codes. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'invalid_redirect_uri'; // RFC 7591 §3.2.2: a client registration (or update) naming a redirect URI it may not have

export class OAuthError extends BursarError {
  constructor(
    readonly code: OAuthErrorCode,
    detail: string,
  ) {
    super(asErrorDescription(detail));
    this.name = code;
  }
}

/** RFC 6749 §5.2: error_description is printable ASCII without `"` and `\`; other characters are replaced. */
function asErrorDescription(text: string): string {
  return text
    .replace(/[‘’“”"]/g, "'")
    .replace(/[\\]/g, '/')
    .replace(/[^\x20-\x7e]/g, '?');
}
