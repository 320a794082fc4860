// Secrets kept at rest only sealed: AES-256-GCM with a key derived from the server secret and the secret's purpose.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './derived-key';

/** AES-256-GCM with a key derived from the server secret: `iv.tag.ciphertext`, base64url. */
export function sealSecret(secret: string, serverSecret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(serverSecret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

export function openSecret(sealed: string, serverSecret: string, purpose: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(serverSecret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
