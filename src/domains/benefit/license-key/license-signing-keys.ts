// Each organization's Ed25519 license signing keys: made on first use (or by a rotation) with their private halves
// sealed, one current at a time under a lock.
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openSecret, sealSecret } from '../../../platform/crypto/sealed-secret';
import { LicenseSigningKey } from './license-key.entity';

/** What the private keys are sealed for (their sealing key derives from it). */
const PRIVATE_KEY_PURPOSE = 'license-signing-key';

/** The organization's current signing key, or null before its first token. */
export function currentSigningKey(em: EntityManager, organizationId: string): Promise<LicenseSigningKey | null> {
  return em.findOne(LicenseSigningKey, { organizationId, retiredAt: null });
}

/** A new current key: `version` when rotating, else the first one — unless a concurrent request just made it. */
export async function createSigningKey(
  serverSecret: string,
  em: EntityManager,
  organizationId: string,
  now: Date,
  version?: number,
): Promise<LicenseSigningKey> {
  if (version === undefined) {
    await lockSigningKeys(em, organizationId);
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
    sealedPrivateKey: sealSecret(pair.privateKey, serverSecret, PRIVATE_KEY_PURPOSE),
    createdAt: now,
    retiredAt: null,
  });
  await em.flush();
  return key;
}

/** Serializes the organization's key changes until the transaction ends. */
export async function lockSigningKeys(em: EntityManager, organizationId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`license_signing_key:${organizationId}`]);
}

/** A signing key's private half, unsealed. */
export function openSigningKey(key: LicenseSigningKey, serverSecret: string): KeyObject {
  return createPrivateKey(openSecret(key.sealedPrivateKey, serverSecret, PRIVATE_KEY_PURPOSE));
}
