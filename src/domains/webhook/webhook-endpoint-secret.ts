// An endpoint's signing secret at rest: sealed with a key derived from the server secret for this purpose alone.
import { openSecret, sealSecret } from '../../platform/crypto/sealed-secret';

/** What the signing secrets are sealed for (their key derives from it). */
const SECRET_PURPOSE = 'webhook-secrets';

export function sealEndpointSecret(secret: string, serverSecret: string): string {
  return sealSecret(secret, serverSecret, SECRET_PURPOSE);
}

export function openEndpointSecret(sealed: string, serverSecret: string): string {
  return openSecret(sealed, serverSecret, SECRET_PURPOSE);
}
