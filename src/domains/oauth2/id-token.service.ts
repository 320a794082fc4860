// ID tokens: the environment's RS256 signing keys — made on first use with their private halves sealed (as license
// tokens' keys are), replaced after SIGNING_KEY_LIFETIMES_SECONDS.signing — signing each grant's claims, and the key
// set (JWKS) that publishes the public halves.
import { createHash, createPrivateKey, createPublicKey, generateKeyPair, sign, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ID_TOKEN_SIGNING_ALGORITHM, type JsonWebKeySet } from '../../contracts/oauth2-id-token';
import type { Clock } from '../../kernel/clock';
import { openSecret, sealSecret } from '../../platform/crypto/sealed-secret';
import type { Grantor } from './oauth2-model';
import { OAuth2SigningKey } from './oauth2.entity';
import {
  compactJws,
  idTokenClaims,
  isDueForRotation,
  publishedRetiredAfter,
  signingInput,
  type IdTokenGrant,
} from './id-token.logic';

/** What the private keys are sealed for (their sealing key derives from it). */
const PRIVATE_KEY_PURPOSE = 'oauth2-id-token-signing-key';

export class IdTokenService {
  /** Unsealed private keys by kid: a kid's key never changes. */
  private readonly privateKeys = new Map<string, KeyObject>();

  constructor(private readonly deps: { clock: Clock; serverSecret: string; issuer: string }) {}

  /** The ID token of an access token being issued to `clientId`, signed in the transaction that issues it (may write the next key). */
  async issue(em: EntityManager, clientId: string, accessToken: string, grantor: Grantor): Promise<string> {
    const now = this.deps.clock.now();
    const key = await this.signingKey(em, now);
    const grant: IdTokenGrant = {
      issuer: this.deps.issuer,
      organizationId: grantor.organizationId,
      clientId,
      consentedAt: grantor.consentedAt ?? null,
      nonce: grantor.nonce ?? null,
      accessTokenDigest: createHash('sha256').update(accessToken, 'ascii').digest(),
    };
    const input = signingInput(key.kid, idTokenClaims(grant, now));
    return compactJws(input, sign('sha256', Buffer.from(input, 'ascii'), this.privateKey(key)));
  }

  /** The current key and the retired ones whose ID tokens may be unexpired, newest first; none before the first ID token. */
  async keySet(em: EntityManager): Promise<JsonWebKeySet> {
    const after = publishedRetiredAfter(this.deps.clock.now());
    const keys = await em.find(
      OAuth2SigningKey,
      { $or: [{ retiredAt: null }, { retiredAt: { $gt: after } }] },
      { orderBy: { createdAt: 'desc' } },
    );
    return { keys: keys.map(publicJwk) };
  }

  private async signingKey(em: EntityManager, now: Date): Promise<OAuth2SigningKey> {
    const current = await em.findOne(OAuth2SigningKey, { retiredAt: null });
    if (current && !isDueForRotation(current.createdAt, now)) return current;
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', ['oauth2_signing_key']);
    const latest = await em.findOne(OAuth2SigningKey, { retiredAt: null }, { refresh: true });
    if (latest && !isDueForRotation(latest.createdAt, now)) return latest; // a concurrent request made it meanwhile
    if (latest) {
      latest.retiredAt = now;
      await em.flush(); // before the next key is inserted: one current key at most
    }
    await em.nativeDelete(OAuth2SigningKey, { retiredAt: { $lte: publishedRetiredAfter(now) } }); // published no more
    return this.createKey(em, now);
  }

  private async createKey(em: EntityManager, now: Date): Promise<OAuth2SigningKey> {
    const pair = await promisify(generateKeyPair)('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const key = em.create(OAuth2SigningKey, {
      kid: thumbprint(pair.publicKey),
      publicKey: pair.publicKey,
      sealedPrivateKey: sealSecret(pair.privateKey, this.deps.serverSecret, PRIVATE_KEY_PURPOSE),
      createdAt: now,
      retiredAt: null,
    });
    await em.flush();
    return key;
  }

  private privateKey(key: OAuth2SigningKey): KeyObject {
    let privateKey = this.privateKeys.get(key.kid);
    if (!privateKey) {
      privateKey = createPrivateKey(openSecret(key.sealedPrivateKey, this.deps.serverSecret, PRIVATE_KEY_PURPOSE));
      this.privateKeys.set(key.kid, privateKey);
    }
    return privateKey;
  }
}

const rsaComponents = (publicKey: string) => {
  const { n, e } = createPublicKey(publicKey).export({ format: 'jwk' });
  return { n: n as string, e: e as string };
};

/** RFC 7638: SHA-256 of the required members, in lexicographic order. */
function thumbprint(publicKey: string): string {
  const { n, e } = rsaComponents(publicKey);
  return createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
}

function publicJwk(key: OAuth2SigningKey): JsonWebKeySet['keys'][number] {
  return { kty: 'RSA', ...rsaComponents(key.publicKey), kid: key.kid, alg: ID_TOKEN_SIGNING_ALGORITHM, use: 'sig' };
}
