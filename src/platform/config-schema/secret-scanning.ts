// The keys a secret-scanning program (GitHub's) signs its leak reports with.
import { createPublicKey } from 'node:crypto';
import { z } from 'zod';

/** An ECDSA P-256 public key in PEM, the kind a secret-scanning program signs its reports with. */
function isP256PublicKey(pem: string): boolean {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

/**
 * A JSON list of `{key_identifier, key}`, or GitHub's whole answer (`{public_keys: [...]}` from
 * api.github.com/meta/public_keys/secret_scanning) pasted as is; none when unset.
 */
const secretScanningPublicKeys = z
  .string()
  .default('')
  .transform((text, ctx) => {
    try {
      const value = text.trim() ? (JSON.parse(text) as unknown) : [];
      return (value as { public_keys?: unknown })?.public_keys ?? value;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list of {key_identifier, key}' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.object({
          key_identifier: z.string().min(1).max(200),
          key: z.string().refine(isP256PublicKey, 'must be an ECDSA P-256 public key in PEM'),
        }),
      )
      .max(50),
  );

export const secretScanningFields = {
  /** Verifies the leak reports of a secret-scanning program (GitHub's) posted to /v1/secret-scanning/report; none: every report is refused. */
  SECRET_SCANNING_PUBLIC_KEYS: secretScanningPublicKeys,
};
