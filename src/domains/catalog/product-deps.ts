// What the product service and its steps (create, update, set benefits) are given.
import type { Tx } from '../../platform/database/transaction';
import type { Clock } from '../../kernel/clock';
import type { OutboxService } from '../../platform/outbox';
import type { ProductOutputDeps } from './product.output';
import type { ProductUser } from './product-users';

export interface ProductDeps extends ProductOutputDeps {
  clock: Clock;
  outbox: OutboxService;
  /** The domains whose records hold products (a held product cannot be deleted). */
  users: readonly ProductUser[];
  /** Holders gain a benefit added to the product and lose one removed from it. */
  grants: {
    productBenefitsChanged(
      tx: Tx,
      organizationId: string,
      productId: string,
      before: string[],
      after: string[],
    ): Promise<void>;
  };
}
