// Keys derived from the server secret, one per purpose, so no two uses (sealed secrets, each environment's storage
// signatures, …) ever share a key even though the operator configures only BURSAR_SECRET.
import { createHash } from 'node:crypto';

/** A 32-byte key for `purpose`, stable for as long as the server secret is. */
export const deriveKey = (serverSecret: string, purpose: string): Buffer =>
  createHash('sha256').update(`bursar:${purpose}:${serverSecret}`).digest();
