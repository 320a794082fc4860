// The environment's RS256 signing keys of ID tokens: made on first use with their private halves sealed (as license
// tokens' keys are), replaced after SIGNING_KEY_LIFETIMES_SECONDS.signing, published as JWKs.
import { createHash, createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ID_TOKEN_SIGNING_ALGORITHM, type JsonWebKeySet } from '../../contracts/oauth2-id-token';
import { openSecret, sealSecret } from '../../platform/crypto/sealed-secret';
import { OAuth2SigningKey } from './oauth2.entity';
import { isDueForRotation, publishedRetiredAfter } from './id-token.logic';

/** What the private keys are sealed for (their sealing key derives from it). */
const PRIVATE_KEY_PURPOSE = 'oauth2-id-token-signing-key';

/** The current key, made or replaced when due (under a lock, so one current key at most). */
export async function signingKey(em: EntityManager, now: Date, serverSecret: string): Promise<OAuth2SigningKey> {
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
  return createKey(em, now, serverSecret);
}

async function createKey(em: EntityManager, now: Date, serverSecret: string): Promise<OAuth2SigningKey> {
  const pair = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = em.create(OAuth2SigningKey, {
    kid: thumbprint(pair.publicKey),
    publicKey: pair.publicKey,
    sealedPrivateKey: sealSecret(pair.privateKey, serverSecret, PRIVATE_KEY_PURPOSE),
    createdAt: now,
    retiredAt: null,
  });
  await em.flush();
  return key;
}

/** A key's private half, unsealed. */
export function openPrivateKey(key: OAuth2SigningKey, serverSecret: string): KeyObject {
  return createPrivateKey(openSecret(key.sealedPrivateKey, serverSecret, PRIVATE_KEY_PURPOSE));
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

export function publicJwk(key: OAuth2SigningKey): JsonWebKeySet['keys'][number] {
  return { kty: 'RSA', ...rsaComponents(key.publicKey), kid: key.kid, alg: ID_TOKEN_SIGNING_ALGORITHM, use: 'sig' };
}
