// What grants benefits — one-time orders, subscriptions and the claimed seats of either — as the benefit domain reads
// it. The order, subscription and seat domains own the rules (they call this domain, so it cannot import them) and
// implement these readers.
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
  /** The member who holds the grant (a seat's); null for the customer's own purchases. */
  memberId: string | null;
}

/** One kind of source, read through the domain that owns it. */
export interface GrantSourceReader {
  /** Null when the source is gone. */
  state(em: EntityManager, organizationId: string, id: string): Promise<GrantSourceState | null>;
  /** The sources of this kind entitling a customer to the product now. */
  holders(em: EntityManager, organizationId: string, productId: string): Promise<{ customerId: string; id: string }[]>;
}

/** A purchase that can have seats. */
export interface SeatPurchase {
  kind: 'order' | 'subscription';
  id: string;
}

/** A seat's state: `customerId` is the billing customer, `memberId` the seat's member, `purchase` what it belongs to. */
export interface SeatGrantSourceState extends GrantSourceState {
  /** The purchase the seat belongs to: its grants show that order or subscription. */
  purchase: SeatPurchase;
}

/** The seat domain's reader (the `seatGrantSource` port): a seat entitles its member while claimed and its purchase entitles. */
export interface SeatGrantSourceReader extends GrantSourceReader {
  state(em: EntityManager, organizationId: string, id: string): Promise<SeatGrantSourceState | null>;
  /** The claimed seats of a purchase: their grants follow it when it changes. */
  seatsOf(em: EntityManager, purchase: SeatPurchase): Promise<string[]>;
}

export interface GrantSources {
  order: GrantSourceReader;
  subscription: GrantSourceReader;
  seat: SeatGrantSourceReader;
  productBenefitIds(em: EntityManager, organizationId: string, productId: string): Promise<string[]>;
}
