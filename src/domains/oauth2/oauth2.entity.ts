import { EntitySchema } from '@mikro-orm/core';

/** An app registered by an organization to ask other organizations for access. */
export class OAuth2Client {
  id!: string;
  /** The organization that registered (and manages) the client, not the ones that grant it access. */
  organizationId!: string;
  /** Public: `bursar_ci_…`. */
  clientId!: string;
  /** HMAC-SHA256 of the secret; null for a public client (`token_endpoint_auth_method: none`), which must use PKCE. */
  clientSecretHash: string | null = null;
  clientName!: string;
  redirectUris!: string[];
  tokenEndpointAuthMethod!: string;
  grantTypes!: string[];
  /** What the client may ask for: a subset of the scopes an OAuth client can be granted. */
  scopes!: string[];
  clientUri: string | null = null;
  logoUri: string | null = null;
  tosUri: string | null = null;
  policyUri: string | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
  deletedAt: Date | null = null;
}

/** A code an organization's consent issued to a client: used once, within minutes, with the PKCE verifier if it has a challenge. */
export class OAuth2AuthorizationCode {
  id!: string;
  codeHash!: string;
  /** The grant the code's tokens carry: a spent code presented again revokes them (RFC 6749 §4.1.2). */
  grantId!: string;
  clientId!: string;
  /** The granting organization. */
  organizationId!: string;
  scopes!: string[];
  redirectUri!: string;
  codeChallenge: string | null = null;
  codeChallengeMethod: string | null = null;
  /** OpenID Connect's, from the authorization request: the ID token of the exchange repeats it. */
  nonce: string | null = null;
  expiresAt!: Date;
  usedAt: Date | null = null;
  /** The consent: when the organization, authenticated by its token, allowed the request (ID tokens' auth_time). */
  createdAt!: Date;
}

/**
 * An access token and its refresh token, as one grant issued them. A refresh rotates: this row is retired and a new
 * one carries the grant on. `grantId` ties the chain together, so a retired refresh token used again ends the chain.
 */
export class OAuth2Token {
  id!: string;
  grantId!: string;
  clientId!: string;
  organizationId!: string;
  accessTokenHash!: string;
  refreshTokenHash: string | null = null;
  scopes!: string[];
  accessExpiresAt!: Date;
  refreshExpiresAt: Date | null = null;
  /** Set when a refresh replaced this row: its refresh token no longer works (its access token runs out). */
  rotatedAt: Date | null = null;
  revokedAt: Date | null = null;
  /** The consent the grant came from, carried along every refresh (ID tokens' auth_time); null for older grants. */
  consentedAt: Date | null = null;
  createdAt!: Date;
}

/**
 * The environment's RS256 key pair for ID tokens (each environment's database has its own). One is current; retired
 * ones stay published while ID tokens they signed may be unexpired.
 */
export class OAuth2SigningKey {
  /** The public key's RFC 7638 thumbprint: the JWS `kid`. */
  kid!: string;
  /** SPKI, PEM. */
  publicKey!: string;
  /** PKCS #8 PEM, sealed with a key derived from the server secret. */
  sealedPrivateKey!: string;
  createdAt!: Date;
  retiredAt: Date | null = null;
}

const timestamptz = { type: 'Date', columnType: 'timestamptz' } as const;

export const OAuth2ClientSchema = new EntitySchema<OAuth2Client>({
  class: OAuth2Client,
  tableName: 'oauth2_client',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    clientId: { type: 'text', unique: true },
    clientSecretHash: { type: 'text', nullable: true },
    clientName: { type: 'text' },
    redirectUris: { type: 'text[]' },
    tokenEndpointAuthMethod: { type: 'text' },
    grantTypes: { type: 'text[]' },
    scopes: { type: 'text[]' },
    clientUri: { type: 'text', nullable: true },
    logoUri: { type: 'text', nullable: true },
    tosUri: { type: 'text', nullable: true },
    policyUri: { type: 'text', nullable: true },
    createdAt: timestamptz,
    modifiedAt: { ...timestamptz, nullable: true },
    deletedAt: { ...timestamptz, nullable: true },
  },
});

export const OAuth2AuthorizationCodeSchema = new EntitySchema<OAuth2AuthorizationCode>({
  class: OAuth2AuthorizationCode,
  tableName: 'oauth2_authorization_code',
  properties: {
    id: { type: 'uuid', primary: true },
    codeHash: { type: 'text', unique: true },
    grantId: { type: 'uuid' },
    clientId: { type: 'text' },
    organizationId: { type: 'uuid' },
    scopes: { type: 'text[]' },
    redirectUri: { type: 'text' },
    codeChallenge: { type: 'text', nullable: true },
    codeChallengeMethod: { type: 'text', nullable: true },
    nonce: { type: 'text', nullable: true },
    expiresAt: timestamptz,
    usedAt: { ...timestamptz, nullable: true },
    createdAt: timestamptz,
  },
});

export const OAuth2TokenSchema = new EntitySchema<OAuth2Token>({
  class: OAuth2Token,
  tableName: 'oauth2_token',
  properties: {
    id: { type: 'uuid', primary: true },
    grantId: { type: 'uuid' },
    clientId: { type: 'text' },
    organizationId: { type: 'uuid' },
    accessTokenHash: { type: 'text', unique: true },
    refreshTokenHash: { type: 'text', nullable: true, unique: true },
    scopes: { type: 'text[]' },
    accessExpiresAt: timestamptz,
    refreshExpiresAt: { ...timestamptz, nullable: true },
    rotatedAt: { ...timestamptz, nullable: true },
    revokedAt: { ...timestamptz, nullable: true },
    consentedAt: { ...timestamptz, nullable: true },
    createdAt: timestamptz,
  },
});

export const OAuth2SigningKeySchema = new EntitySchema<OAuth2SigningKey>({
  class: OAuth2SigningKey,
  tableName: 'oauth2_signing_key',
  properties: {
    kid: { type: 'text', primary: true },
    publicKey: { type: 'text' },
    sealedPrivateKey: { type: 'text' },
    createdAt: timestamptz,
    retiredAt: { ...timestamptz, nullable: true },
  },
});
