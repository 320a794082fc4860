// The signed, expiring links to granted downloads: made with a key derived for this environment, and checked.
import { createHmac } from 'node:crypto';
import type { Clock } from '../../../kernel/clock';
import { deriveKey } from '../../../platform/crypto/derived-key';
import type { Downloadable } from './downloadable.entity';
import { linkPayload } from './downloadable.logic';

export class DownloadLinkSigner {
  private readonly key: Buffer;

  constructor(
    private readonly deps: {
      clock: Clock;
      serverSecret: string;
      environment: string;
      publicUrl: string;
      linkTtlSeconds: number;
    },
  ) {
    this.key = deriveKey(deps.serverSecret, `downloadable-links:${deps.environment}`);
  }

  /** When links made now expire. */
  linkExpiry(): Date {
    return new Date(this.deps.clock.now().getTime() + this.deps.linkTtlSeconds * 1000);
  }

  linkUrl(row: Downloadable, expiresAt: Date): string {
    const payload = linkPayload({ downloadableId: row.id, expiresAt });
    return `${this.deps.publicUrl}/v1/customer-portal/downloadables/${payload}.${this.sign(payload)}`;
  }

  sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
