// A message's parameters at rest: sealed with a key derived for e-mail alone (they may hold a login code).
import { openSecret, sealSecret } from '../crypto/sealed-secret';

const SEAL_PURPOSE = 'email-params';

export function sealEmailParams(params: unknown, serverSecret: string): string {
  return sealSecret(JSON.stringify(params), serverSecret, SEAL_PURPOSE);
}

export function openEmailParams(sealed: string, serverSecret: string): unknown {
  return JSON.parse(openSecret(sealed, serverSecret, SEAL_PURPOSE));
}
