// What grants benefits — one-time orders and subscriptions — as the benefit domain reads it. The order and subscription
// domains own the rules (they call this domain, so it cannot import them) and implement these readers.
import type { EntityManager } from '@mikro-orm/postgresql';

/** What a source says of its customer's entitlement now. */
export interface GrantSourceState {
  customerId: string;
  productId: string | null;
  active: boolean;
  /** One-time purchases: license keys expire as the benefit says. */
  oneTime: boolean;
  /** The billing period the source is paid for (subscriptions), for meter credits to cycle once per period. */
  cycleKey: string | null;
  /** Now, on the customer's clock (a sandbox test clock's frozen time). */
  at: Date;
  /** When the source stopped entitling, if it ended (a subscription's `ended_at`): the time its revokes are dated. */
  endedAt: Date | null;
}

/** One kind of source, read through the domain that owns it. */
export interface GrantSourceReader {
  /** Null when the source is gone. */
  state(em: EntityManager, organizationId: string, id: string): Promise<GrantSourceState | null>;
  /** The sources of this kind entitling a customer to the product now. */
  holders(em: EntityManager, organizationId: string, productId: string): Promise<{ customerId: string; id: string }[]>;
}

export interface GrantSources {
  order: GrantSourceReader;
  subscription: GrantSourceReader;
  productBenefitIds(em: EntityManager, organizationId: string, productId: string): Promise<string[]>;
}
