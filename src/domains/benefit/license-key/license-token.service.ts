// Offline license tokens: a granted key's claims signed with its organization's current Ed25519 key
// (license-signing-keys.ts), and rotation (retired keys stay listed while their tokens may be unexpired).
import { sign } from 'node:crypto';
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
import { OwnedRepository } from '../../../platform/database/owned-repository';
import { LicenseKey, LicenseSigningKey } from './license-key.entity';
import { signingKeyOutput } from './license-signing-key.output';
import { createSigningKey, currentSigningKey, lockSigningKeys, openSigningKey } from './license-signing-keys';
import { encodeClaims, licenseToken, oldestNeededRetirement, tokenClaims, tokenRefusal } from './license-token.logic';

export interface LicenseTokenServiceDeps {
  clock: Clock;
  serverSecret: string;
  /** The longest a token lives (LICENSE_TOKEN_TTL_SECONDS). */
  ttlSeconds: number;
}

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
    const signingKey =
      (await currentSigningKey(em, organizationId)) ??
      (await createSigningKey(this.deps.serverSecret, em, organizationId, now));
    const claims = tokenClaims(key, signingKey.version, now, this.deps.ttlSeconds);
    const encoded = encodeClaims(claims);
    const privateKey = openSigningKey(signingKey, this.deps.serverSecret);
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
    await lockSigningKeys(em, organizationId);
    const current = await currentSigningKey(em, organizationId);
    if (current) current.retiredAt = now;
    return signingKeyOutput(
      await createSigningKey(this.deps.serverSecret, em, organizationId, now, (current?.version ?? 0) + 1),
    );
  }
}
