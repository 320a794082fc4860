// Offline license tokens: each organization's Ed25519 signing keys (made on first use, private halves sealed),
// signing a granted key's claims, and rotation (retired keys stay listed while their tokens may be unexpired).
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LicenseKeyToken } from '../../../contracts/license-token';
import type {
  LicenseSigningKeyList,
  LicenseSigningKeyListQuery,
  LicenseSigningKeyRead,
} from '../../../contracts/license-signing-key';
import type { Clock } from '../../../kernel/clock';
import { NotPermitted, ResourceNotFound } from '../../../kernel/errors';
import { pageOffset, paginationOf } from '../../../kernel/pagination';
import { openSecret, sealSecret } from '../../../platform/crypto/sealed-secret';
import { OwnedRepository } from '../../../platform/database/owned-repository';
import { LicenseKey, LicenseSigningKey } from './license-key.entity';
import { encodeClaims, licenseToken, oldestNeededRetirement, tokenClaims, tokenRefusal } from './license-token.logic';

export interface LicenseTokenServiceDeps {
  clock: Clock;
  serverSecret: string;
  /** The longest a token lives (LICENSE_TOKEN_TTL_SECONDS). */
  ttlSeconds: number;
}

/** What the private keys are sealed for (their sealing key derives from it). */
const PRIVATE_KEY_PURPOSE = 'license-signing-key';

const licenseKeys = new OwnedRepository(LicenseKey, { label: 'License key' });

export class LicenseTokenService {
  constructor(private readonly deps: LicenseTokenServiceDeps) {}

  /** The key's token signed with the organization's current signing key (made now if it has none); 403 for a key not granted or expired. */
  async token(em: EntityManager, organizationId: string, licenseKeyId: string): Promise<LicenseKeyToken> {
    return this.signed(em, organizationId, await licenseKeys.get(em, organizationId, licenseKeyId));
  }

  /** The same for an app that holds only its key (the key is the credential): 404 for a key the organization does not have. */
  async tokenForKey(em: EntityManager, organizationId: string, keyString: string): Promise<LicenseKeyToken> {
    const key = await em.findOne(LicenseKey, { organizationId, key: keyString });
    if (!key) throw new ResourceNotFound('License key not found.');
    return this.signed(em, organizationId, key);
  }

  private async signed(em: EntityManager, organizationId: string, key: LicenseKey): Promise<LicenseKeyToken> {
    const now = this.deps.clock.now();
    const refusal = tokenRefusal(key, now);
    if (refusal) throw new NotPermitted(refusal);
    const signingKey = (await this.current(em, organizationId)) ?? (await this.createKey(em, organizationId, now));
    const claims = tokenClaims(key, signingKey.version, now, this.deps.ttlSeconds);
    const encoded = encodeClaims(claims);
    const privateKey = createPrivateKey(
      openSecret(signingKey.sealedPrivateKey, this.deps.serverSecret, PRIVATE_KEY_PURPOSE),
    );
    return {
      token: licenseToken(encoded, sign(null, Buffer.from(encoded), privateKey)),
      expires_at: new Date(claims.exp * 1000).toISOString(),
      key_version: signingKey.version,
    };
  }

  /** The current key and the retired ones still needed, newest first (none before the first token or rotation). */
  async list(
    em: EntityManager,
    organizationId: string,
    query: LicenseSigningKeyListQuery,
  ): Promise<LicenseSigningKeyList> {
    const oldest = oldestNeededRetirement(this.deps.clock.now(), this.deps.ttlSeconds);
    const [rows, total] = await em.findAndCount(
      LicenseSigningKey,
      { organizationId, $or: [{ retiredAt: null }, { retiredAt: { $gt: oldest } }] },
      { orderBy: { version: 'desc' }, limit: query.limit, offset: pageOffset(query) },
    );
    return { items: rows.map(signingKeyOutput), pagination: paginationOf(total, query.limit) };
  }

  /** Retires the current key (its tokens keep verifying until they expire) and makes the next version current. */
  async rotate(em: EntityManager, organizationId: string): Promise<LicenseSigningKeyRead> {
    const now = this.deps.clock.now();
    await this.lock(em, organizationId);
    const current = await this.current(em, organizationId);
    if (current) current.retiredAt = now;
    return signingKeyOutput(await this.createKey(em, organizationId, now, (current?.version ?? 0) + 1));
  }

  private current(em: EntityManager, organizationId: string): Promise<LicenseSigningKey | null> {
    return em.findOne(LicenseSigningKey, { organizationId, retiredAt: null });
  }

  /** A new current key: `version` when rotating, else the first one — unless a concurrent request just made it. */
  private async createKey(
    em: EntityManager,
    organizationId: string,
    now: Date,
    version?: number,
  ): Promise<LicenseSigningKey> {
    if (version === undefined) {
      await this.lock(em, organizationId);
      const made = await em.findOne(LicenseSigningKey, { organizationId, retiredAt: null }, { refresh: true });
      if (made) return made;
    }
    const pair = generateKeyPairSync('ed25519', {
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const key = em.create(LicenseSigningKey, {
      organizationId,
      version: version ?? 1,
      publicKey: pair.publicKey,
      sealedPrivateKey: sealSecret(pair.privateKey, this.deps.serverSecret, PRIVATE_KEY_PURPOSE),
      createdAt: now,
      retiredAt: null,
    });
    await em.flush();
    return key;
  }

  /** Serializes the organization's key changes until the transaction ends. */
  private async lock(em: EntityManager, organizationId: string): Promise<void> {
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`license_signing_key:${organizationId}`]);
  }
}

export function signingKeyOutput(key: LicenseSigningKey): LicenseSigningKeyRead {
  const { x } = createPublicKey(key.publicKey).export({ format: 'jwk' });
  return {
    version: key.version,
    algorithm: 'Ed25519',
    public_key: key.publicKey,
    public_key_jwk: { kty: 'OKP', crv: 'Ed25519', x: x as string, kid: String(key.version), alg: 'EdDSA', use: 'sig' },
    created_at: key.createdAt.toISOString(),
    retired_at: key.retiredAt?.toISOString() ?? null,
  };
}
