// What the login steps share: who asks (an address at an organization), and the digest codes and addresses are kept
// as.
import { hashToken } from '../../platform/crypto/tokens';

export interface Addressee {
  email: string;
  organization_id: string;
}

/** A code or an address as it is stored: an HMAC digest under the server secret, never the value. */
export function loginDigest(serverSecret: string, kind: 'code' | 'email', value: string): string {
  return hashToken(`login-${kind}:${value}`, serverSecret);
}
