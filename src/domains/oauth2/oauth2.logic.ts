// Pure rules of the OAuth 2.0 provider's tokens: their prefixes, lifetimes and whom they act for. The scopes an app
// can be granted are in grantable-scopes.logic.ts, redirect URIs in redirect-uri.logic.ts, the metadata in
// oauth2-metadata.logic.ts.

export const OAUTH2_PREFIXES = {
  clientId: 'bursar_ci_',
  clientSecret: 'bursar_cs_',
  authorizationCode: 'bursar_ac_',
  accessToken: 'bursar_at_o_',
  refreshToken: 'bursar_rt_o_',
} as const;

export const OAUTH2_ACCESS_TOKEN_PREFIX = OAUTH2_PREFIXES.accessToken;

export const OAUTH2_LIFETIMES_SECONDS = {
  authorizationCode: 10 * 60,
  accessToken: 60 * 60,
  refreshToken: 30 * 24 * 60 * 60,
} as const;

/** The sub-type of every grant: apps act for organizations (Bursar has no user accounts to act for). */
export const SUB_TYPE = 'organization';
