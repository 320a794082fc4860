// Standard Webhooks: the `whsec_` secret format and the signatures of each delivery.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** `whsec_` + base64 of 32 random bytes, the Standard Webhooks format. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** What reads show instead of the secret. */
export function maskSecret(secret: string): string {
  return `whsec_${'*'.repeat(8)}${secret.slice(-4)}`;
}

/**
 * The Standard Webhooks headers of one attempt. `webhook-signature` carries two `v1,` signatures: the standard one,
 * keyed by the base64-decoded secret after `whsec_`, and one keyed by the secret string's raw UTF-8 bytes, the key
 * existing client SDKs of this API verify with.
 */
export function signedHeaders(secret: string, eventId: string, timestamp: Date, body: string): Record<string, string> {
  const standard = new Webhook(secret).sign(eventId, timestamp, body);
  const rawKey = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).sign(eventId, timestamp, body);
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': `${standard} ${rawKey}`,
  };
}
