// E-mail as the domains see it: a template they own, rendered from its parameters when the message goes out, and a
// queue that takes a message inside the caller's transaction and sends it after commit, with retries.
import type { Tx } from '../database/transaction';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailTemplate<P> {
  /** Unique among templates: what the queued message names. */
  readonly name: string;
  render(params: P): EmailContent;
}

export interface OutgoingEmail<P> {
  organizationId: string;
  to: string;
  template: EmailTemplate<P>;
  /** Kept sealed until the message is sent, then erased (they may hold a login code or a link). */
  params: P;
  /** When sending it stops being useful (a login code's expiry): after that, it fails rather than go out late. */
  expiresAt?: Date;
}

export interface EmailQueue {
  enqueue<P>(tx: Tx, email: OutgoingEmail<P>): Promise<void>;
  /** An erased person's address no longer appears in the messages sent to it (nor is one still waiting sent). */
  forgetRecipient(tx: Tx, organizationId: string, address: string): Promise<void>;
}
