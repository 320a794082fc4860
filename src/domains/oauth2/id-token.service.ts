// ID tokens: each grant's claims signed with the environment's current RS256 key (id-token-signing-key.ts), and the key
// set (JWKS) that publishes the public halves.
import { createHash, sign, type KeyObject } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JsonWebKeySet } from '../../contracts/oauth2-id-token';
import type { Clock } from '../../kernel/clock';
import type { Grantor } from './oauth2-model-context';
import { OAuth2SigningKey } from './oauth2.entity';
import { compactJws, idTokenClaims, publishedRetiredAfter, signingInput, type IdTokenGrant } from './id-token.logic';
import { openPrivateKey, publicJwk, signingKey } from './id-token-signing-key';

export class IdTokenService {
  /** Unsealed private keys by kid: a kid's key never changes. */
  private readonly privateKeys = new Map<string, KeyObject>();

  constructor(private readonly deps: { clock: Clock; serverSecret: string; issuer: string }) {}

  /** The ID token of an access token being issued to `clientId`, signed in the transaction that issues it (may write the next key). */
  async issue(em: EntityManager, clientId: string, accessToken: string, grantor: Grantor): Promise<string> {
    const now = this.deps.clock.now();
    const key = await signingKey(em, now, this.deps.serverSecret);
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

  private privateKey(key: OAuth2SigningKey): KeyObject {
    let privateKey = this.privateKeys.get(key.kid);
    if (!privateKey) {
      privateKey = openPrivateKey(key, this.deps.serverSecret);
      this.privateKeys.set(key.kid, privateKey);
    }
    return privateKey;
  }
}
