// OAuth's own errors (RFC 6749 §5.2): the problem body's `error` is the RFC's code, so OAuth clients read it as such.
import { BursarError } from '../../kernel/errors';

export type OAuthErrorCode =
  'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope' | 'access_denied';

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  access_denied: 403,
};

export class OAuthError extends BursarError {
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    detail: string,
  ) {
    super(detail);
    this.status = STATUS[code];
    this.name = code;
  }
}
