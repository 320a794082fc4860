// `X-Idempotency-Key` on a create whose answer holds a secret Bursar keeps only as a digest (an access token, a
// session token, an OAuth client secret): the key keeps the resource's id, and a repeat is refused with a 409.
import type { AuthenticatedOrganization, SecretBearingReplay } from '../http/route';
import type { Tx } from '../database/transaction';
import { SecretNotReplayable } from './idempotency.errors';

interface Remembered {
  id: string;
  secret_shown: boolean;
}

export interface SecretShownOnce<R> {
  /** What the resource is called in the refusal ("organization access token"). */
  resource: string;
  /** What its secret is called ("token"). */
  secret: string;
  /** The resource's id and its secret in the first answer (null when that answer held none: a public OAuth client). */
  read(response: R): { id: string; secret: string | null | undefined };
  /** The answer again when the first held no secret; without it, every repeat is refused. */
  again?(input: { tx: Tx; auth: AuthenticatedOrganization }, id: string): Promise<unknown>;
}

/**
 * A repeat is refused (409 `SecretNotReplayable`, naming the resource) rather than answered with the secret left out:
 * the published clients require the secret in these answers, and a fresh one would be a second live credential.
 */
export function secretShownOnce<R>(options: SecretShownOnce<R>): SecretBearingReplay {
  return {
    remember(response): Remembered {
      const { id, secret } = options.read(response as R);
      return { id, secret_shown: secret != null };
    },
    async replay(input, remembered) {
      const { id, secret_shown } = remembered as Remembered;
      if (!secret_shown && options.again) return options.again(input, id);
      throw new SecretNotReplayable(
        `This X-Idempotency-Key already created ${options.resource} ${id}. Its ${options.secret} was shown once, in that ` +
          `first answer, and is not stored, so a repeat cannot show it; nothing new was created. Use a new key to create another.`,
      );
    },
  };
}
