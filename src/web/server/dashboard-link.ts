// The metrics dashboard's short-lived link: `<public url>/dashboard/metrics?token=<organization id>.<expiry>.<HMAC>`,
// signed with a key derived for this environment. Whoever holds it reads that organization's metrics until it expires.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../kernel/clock';
import { deriveKey } from '../../platform/crypto/derived-key';

/** How long a link works unless asked otherwise: long enough to look, short enough that a leaked link soon dies. */
export const DASHBOARD_LINK_TTL_SECONDS = 3600;

/** What a token says: whose metrics, or why it says nothing (404 when forged or malformed, 403 when expired). */
export type DashboardGrant = { organizationId: string } | { refused: 'invalid' | 'expired' };

export class DashboardLinks {
  private readonly key: Buffer;

  constructor(private readonly deps: { clock: Clock; serverSecret: string; environment: string; publicUrl: string }) {
    this.key = deriveKey(deps.serverSecret, `dashboard-links:${deps.environment}`);
  }

  /** A new link to the organization's metrics, valid `ttlSeconds` from now. */
  link(organizationId: string, ttlSeconds = DASHBOARD_LINK_TTL_SECONDS): { url: string; expiresAt: Date } {
    const expires = Math.floor(this.deps.clock.now().getTime() / 1000) + ttlSeconds;
    const payload = `${organizationId}.${expires}`;
    const token = `${payload}.${this.sign(payload)}`;
    return { url: `${this.deps.publicUrl}/dashboard/metrics?token=${token}`, expiresAt: new Date(expires * 1000) };
  }

  grantOf(token: string | undefined): DashboardGrant {
    const [organizationId, expires, signature, extra] = (token ?? '').split('.');
    if (extra !== undefined || !organizationId || !/^\d{1,12}$/.test(expires ?? '') || !signature)
      return { refused: 'invalid' };
    const expected = Buffer.from(this.sign(`${organizationId}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'invalid' };
    return Number(expires) * 1000 > this.deps.clock.now().getTime() ? { organizationId } : { refused: 'expired' };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
