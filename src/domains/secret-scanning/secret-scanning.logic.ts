// Pure rules of leak reports: which credential of ours a reported string claims to be, and the answer the program
// expects for it (how reports are signed: report-signing.logic.ts).
import {
  SECRET_SCANNING_LABELS,
  type LeakedTokenMatch,
  type LeakedTokenVerdict,
} from '../../contracts/secret-scanning';
import { CUSTOMER_SESSION_TOKEN_PREFIX } from '../customer-session/customer-session.logic';
import { OAUTH2_PREFIXES } from '../oauth2/oauth2.logic';
import { ORGANIZATION_TOKEN_PREFIX } from '../organization/organization.logic';

/**
 * The credentials a report can revoke. Webhook signing secrets (`whsec_…`) are not among them: they are kept sealed
 * and carry no checksum, so a reported one cannot be matched to an endpoint without opening every endpoint's secret.
 */
export const LEAKED_TOKEN_KINDS = {
  organizationAccessToken: 'organization_access_token',
  customerSessionToken: 'customer_session_token',
  oauth2Token: 'oauth2_token',
} as const;
export type LeakedTokenKind = (typeof LEAKED_TOKEN_KINDS)[keyof typeof LEAKED_TOKEN_KINDS];

/** How the owner's e-mail names each kind. */
export const LEAKED_TOKEN_KIND_NAMES: Record<LeakedTokenKind, string> = {
  organization_access_token: 'organization access token',
  customer_session_token: 'customer session token',
  oauth2_token: 'OAuth2 token granted to an app',
};

/** The kind a string claims by its prefix (whether its checksum holds is for the owning domain); null: none of ours. */
export function claimedKind(token: string): LeakedTokenKind | null {
  if (token.startsWith(ORGANIZATION_TOKEN_PREFIX)) return LEAKED_TOKEN_KINDS.organizationAccessToken;
  if (token.startsWith(CUSTOMER_SESSION_TOKEN_PREFIX)) return LEAKED_TOKEN_KINDS.customerSessionToken;
  if (token.startsWith(OAUTH2_PREFIXES.accessToken) || token.startsWith(OAUTH2_PREFIXES.refreshToken))
    return LEAKED_TOKEN_KINDS.oauth2Token;
  return null;
}

/** One entry of the answer: `true_positive` only for a live or revoked credential of ours. */
export function verdictFor(match: LeakedTokenMatch, ours: boolean): LeakedTokenVerdict {
  return {
    token_raw: match.token,
    token_type: match.type,
    label: ours ? SECRET_SCANNING_LABELS.truePositive : SECRET_SCANNING_LABELS.falsePositive,
  };
}
