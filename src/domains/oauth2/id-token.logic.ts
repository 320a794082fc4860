// ID tokens' pure rules (OpenID Connect Core §2): a grant's claims, the compact JWS around them, and how long a
// signing key signs and then stays published.
import { ID_TOKEN_SIGNING_ALGORITHM } from '../../contracts/oauth2-id-token';
import { OAUTH2_LIFETIMES_SECONDS } from './oauth2.logic';

export interface IdTokenClaims {
  iss: string;
  /** The granting organization, by id: the resource owner here is an organization (Bursar has no user accounts). */
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  auth_time?: number;
  nonce?: string;
  at_hash: string;
}

export interface IdTokenGrant {
  issuer: string;
  organizationId: string;
  clientId: string;
  /**
   * When the organization consented, authenticated by its own token: the authentication the grant rests on (a refresh
   * keeps it, §12.2). Unknown for grants older than ID tokens.
   */
  consentedAt: Date | null;
  /** The authorization request's, in the code exchange's ID token only: a refreshed one answers no request of the app's. */
  nonce: string | null;
  /** The access token's SHA-256, for at_hash: the ID token names the access token it came with. */
  accessTokenDigest: Uint8Array;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The claims of an ID token issued at `now`: it expires with the access token issued beside it. */
export function idTokenClaims(grant: IdTokenGrant, now: Date): IdTokenClaims {
  const iat = seconds(now);
  return {
    iss: grant.issuer,
    sub: grant.organizationId,
    aud: grant.clientId,
    exp: iat + OAUTH2_LIFETIMES_SECONDS.accessToken,
    iat,
    ...(grant.consentedAt && { auth_time: seconds(grant.consentedAt) }),
    ...(grant.nonce && { nonce: grant.nonce }),
    // §3.3.2.11: the left half of the hash, for RS256 SHA-256's
    at_hash: Buffer.from(grant.accessTokenDigest.subarray(0, grant.accessTokenDigest.length / 2)).toString('base64url'),
  };
}

const encoded = (value: object): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** The JWS Signing Input (RFC 7515 §5.1): the header naming the key, and the claims. */
export const signingInput = (kid: string, claims: IdTokenClaims): string =>
  `${encoded({ alg: ID_TOKEN_SIGNING_ALGORITHM, typ: 'JWT', kid })}.${encoded(claims)}`;

/** The compact serialization: the signing input and its signature. */
export const compactJws = (input: string, signature: Uint8Array): string =>
  `${input}.${Buffer.from(signature).toString('base64url')}`;

export const SIGNING_KEY_LIFETIMES_SECONDS = {
  /** A key signs this long; the first ID token after it is signed with a new key. */
  signing: 30 * 24 * 60 * 60,
  /** A retired key stays published while ID tokens it signed may be unexpired, with room for verifiers' clock skew. */
  publishedWhenRetired: OAUTH2_LIFETIMES_SECONDS.accessToken + 5 * 60,
} as const;

export const isDueForRotation = (createdAt: Date, now: Date): boolean =>
  now.getTime() - createdAt.getTime() >= SIGNING_KEY_LIFETIMES_SECONDS.signing * 1000;

/** Retired keys are published if retired after this instant. */
export const publishedRetiredAfter = (now: Date): Date =>
  new Date(now.getTime() - SIGNING_KEY_LIFETIMES_SECONDS.publishedWhenRetired * 1000);
