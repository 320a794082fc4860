// What the customer service and its steps (create, update, delete) are given: the collaborators and ports of
// `CustomerServiceDeps`, and the details a customer is created or matched with.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { Metadata } from '../../contracts/metadata';
import type { Address } from '../../contracts/address';
import type { TestClockQueries } from '../test-clock';
import type { Tx } from '../../platform/database/transaction';
import type { Clock } from '../../kernel/clock';
import type { EmailQueue } from '../../platform/email';
import type { OutboxService } from '../../platform/outbox';

export interface CustomerDetails {
  email: string;
  externalId?: string | null;
  name?: string | null;
  billingName?: string | null;
  billingAddress?: Address | null;
  taxId?: [string, string] | null;
  locale?: string | null;
  metadata?: Metadata;
  testClockId?: string | null;
}

type Port = (tx: Tx, organizationId: string, customerId: string) => Promise<void>;

/** Revokes one subscription now, through its workflow (the subscription domain's, given to the delete routes). */
export type SubscriptionRevoker = (organizationId: string, subscriptionId: string) => Promise<void>;

/** Which saved method the customer's running subscriptions charge (the subscription module provides it). */
export interface SubscriptionMethods {
  /** Whether a running subscription of the customer is charged with this token. */
  usesToken(em: EntityManager, customerId: string, token: string): Promise<boolean>;
  /** Moves the customer's running subscriptions charged with `from` (all of them when null) to `to`; how many. */
  move(
    em: EntityManager,
    customerId: string,
    from: string | null,
    to: { processorCustomerId: string; token: string },
  ): Promise<number>;
}

export interface CustomerServiceDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  testClocks: TestClockQueries;
  /** Subscriptions not yet canceled for good (they still bill, or may recover); a deleted customer's are revoked first. */
  subscriptions: { liveIds(em: EntityManager, organizationId: string, customerId: string): Promise<string[]> };
  /** Revokes every grant of a deleted customer. */
  grants?: { customerDeleted: Port };
  /** Enqueues customer.state_changed (`changedNew`: of a customer just written, that holds nothing yet). */
  state?: { changed: Port; changedNew?(tx: Tx, customer: CustomerOutput): void };
  /** Forgets an anonymized customer's address in the e-mails sent to it. */
  email?: Pick<EmailQueue, 'forgetRecipient'>;
  /** Attaches the usage events sent with an external id before a customer had it (the events store). */
  events?: {
    attachCustomer(tx: Tx, organizationId: string, externalCustomerId: string, customerId: string): Promise<void>;
  };
}
