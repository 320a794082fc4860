// When a customer should hold a benefit from a source, and what a sync then does: pure, table-tested.

/** What a grant depends on, as read when it is synced. */
export interface GrantFacts {
  /** The source entitles its customer now: a paid one-time order not refunded with `revoke_benefits`, a live subscription. */
  sourceActive: boolean;
  /** The source's product still grants the benefit. */
  onProduct: boolean;
  benefitDeleted: boolean;
  customerDeleted: boolean;
}

export const shouldHold = (facts: GrantFacts): boolean =>
  facts.sourceActive && facts.onProduct && !facts.benefitDeleted && !facts.customerDeleted;

/** Where the grant stands before the sync. */
export interface GrantStanding {
  exists: boolean;
  granted: boolean;
  /** The source's billing period the grant was last granted or cycled for. */
  cycleKey: string | null;
}

export type GrantStep = 'grant' | 'regrant' | 'refresh' | 'cycle' | 'revoke' | 'none';

/**
 * The one step that brings the grant in line: a first grant, a grant given back, a new billing period (meter credits
 * cycle), a refresh of what the benefit gives (its properties may have changed), a revoke — or nothing.
 */
export function grantStep(standing: GrantStanding, hold: boolean, sourceCycleKey: string | null): GrantStep {
  if (!hold) return standing.granted ? 'revoke' : 'none';
  if (!standing.granted) return standing.exists ? 'regrant' : 'grant';
  if (sourceCycleKey !== null && sourceCycleKey !== standing.cycleKey) return 'cycle';
  return 'refresh';
}

/** The webhook a step sends, if its outcome changed anything. */
export function grantEvent(
  step: GrantStep,
  propertiesChanged: boolean,
): 'created' | 'updated' | 'cycled' | 'revoked' | null {
  switch (step) {
    case 'grant':
    case 'regrant': // granted again: merchants provision on `created`, as the reference sends for every grant
      return 'created';
    case 'cycle':
      return 'cycled';
    case 'revoke':
      return 'revoked';
    case 'refresh':
      return propertiesChanged ? 'updated' : null;
    default:
      return null;
  }
}

/** What a source says of its holder, as far as entitlement goes. */
export interface SourceHolder {
  kind: 'order' | 'subscription' | 'seat';
  active: boolean;
  /** The customer the source's grants belong to (a seat's: the billing customer). */
  customerId: string;
  memberId: string | null;
}

/** The source entitles the grant's customer now; a seat only while it has a member. */
export const sourceEntitles = (source: SourceHolder, customerId: string): boolean =>
  source.active && source.customerId === customerId && (source.kind !== 'seat' || source.memberId !== null);

/**
 * Whether a benefit of this type is given per seat. Meter credits are not: they go to the billing customer's meter,
 * once per purchase (each seat would credit the same meter again).
 */
export const givenPerSeat = (benefitType: string): boolean => benefitType !== 'meter_credit';

/** A customer-portal caller: the account (the billing customer) and, in a member's session, the member and role. */
export interface AccountViewer {
  organizationId: string;
  customerId: string;
  memberId?: string | null;
  role?: string | null;
}

/**
 * Whose grants, keys and downloads a portal caller sees: a plain member only their own (their seats'), by member id;
 * the owner, a billing manager or the customer's own session (no member) the whole account (null).
 */
export const onlyMemberOf = (viewer: AccountViewer): string | null =>
  viewer.role === 'member' ? (viewer.memberId ?? NO_MEMBER) : null;

/** What a plain member without a member id matches: nothing (an id no row has). */
export const NO_MEMBER = '00000000-0000-0000-0000-000000000000';
