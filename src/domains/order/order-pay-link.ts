// The pay link e-mailed for one pending order: `<public url>/pay/<token>`, the token naming the order and its expiry,
// signed with a key derived for this environment. It lets its holder see that order's bill and pay it — nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../kernel/clock';
import { deriveKey } from '../../platform/crypto/derived-key';

/** How long a pay link works (the customer may open it days later; a new one comes with each e-mail). */
export const PAY_LINK_TTL_DAYS = 30;

export class OrderPayLinks {
  private readonly key: Buffer;

  constructor(private readonly deps: { clock: Clock; serverSecret: string; environment: string; publicUrl: string }) {
    this.key = deriveKey(deps.serverSecret, `order-pay-links:${deps.environment}`);
  }

  /** A new link to pay the order, valid PAY_LINK_TTL_DAYS from now. */
  link(orderId: string): { url: string; expiresAt: Date } {
    const expires = Math.floor(this.deps.clock.now().getTime() / 1000) + PAY_LINK_TTL_DAYS * 86_400;
    const payload = `${orderId}.${expires}`;
    return { url: `${this.deps.publicUrl}/pay/${payload}.${this.sign(payload)}`, expiresAt: new Date(expires * 1000) };
  }

  /** The order a token is for, or null when it is malformed, forged or expired. */
  orderOf(token: string): string | null {
    const [orderId, expires, signature, extra] = token.split('.');
    if (extra !== undefined || !orderId || !/^\d{1,12}$/.test(expires ?? '') || !signature) return null;
    const expected = Buffer.from(this.sign(`${orderId}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Number(expires) * 1000 > this.deps.clock.now().getTime() ? orderId : null;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
