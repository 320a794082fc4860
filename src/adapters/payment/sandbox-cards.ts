// The sandbox's test cards and test payment-method tokens, after the well-known processor's: what each one does.
import type { DeclineCode } from './payment-processor';

export interface TestCard {
  number: string;
  brand: string;
  /** What a charge on this card does; `null` succeeds. */
  chargeFails: DeclineCode | null;
  message: string;
  /** A card disputed after a successful charge: the cardholder's reason, and the outcome at the evidence deadline. */
  dispute?: { reason: string; outcome: 'won' | 'lost' };
  /** A setup for later charges (not a checkout's save) is refused, as the processor's verification refuses it. */
  setupFails?: boolean;
  /** A setup asks the customer to authenticate (3-D Secure) first. */
  setupNeedsAction?: boolean;
}

const CARDS: TestCard[] = [
  { number: '4242424242424242', brand: 'visa', chargeFails: null, message: 'Succeeds' },
  {
    number: '4000000000000002',
    brand: 'visa',
    chargeFails: 'card_declined',
    message: 'Your card was declined.',
    setupFails: true,
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    chargeFails: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    setupFails: true,
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    chargeFails: 'card_declined',
    message: 'Your card was declined (it saved fine, but every charge fails).',
  },
  {
    number: '4000000000000259',
    brand: 'visa',
    chargeFails: null,
    message: 'Succeeds, then is disputed as fraudulent (lost once the evidence deadline passes).',
    dispute: { reason: 'fraudulent', outcome: 'lost' },
  },
  {
    number: '4000000000002685',
    brand: 'visa',
    chargeFails: null,
    message: 'Succeeds, then is disputed as not received (won once the evidence deadline passes).',
    dispute: { reason: 'product_not_received', outcome: 'won' },
  },
  {
    number: '4000002760003184',
    brand: 'visa',
    chargeFails: 'authentication_required',
    message: 'Your card requires authentication, which is not possible in an API-only flow.',
    setupNeedsAction: true,
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    chargeFails: null,
    message: 'Authenticated once when set up, then charged off-session without authentication.',
    setupNeedsAction: true,
  },
];

/** The processor's test payment-method tokens, mapped to the cards they stand for. */
const TOKENS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_createDispute: '4000000000000259',
  pm_card_createDisputeProductNotReceived: '4000000000002685',
  pm_card_authenticationRequiredSetupForOffSession: '4000002500003155',
};

/** The test card a confirmation token names (a test token or a test card number, spaces allowed), or null. */
export function testCardFor(confirmationToken: string): TestCard | null {
  const number = TOKENS[confirmationToken] ?? confirmationToken.replace(/[\s-]/g, '');
  return CARDS.find((card) => card.number === number) ?? null;
}
