// What the order service and its commands are built from, and the port through which paid orders ask for grants.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GrantSource } from '../../../workflows/definitions';
import type { OrderSubscription } from '../../contracts/order-subscription';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email';
import type { OutboxService } from '../../platform/outbox';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { DiscountService } from '../discount';
import type { OrganizationService } from '../organization';
import type { SellerOfRecord } from '../tax';
import type { OrderPayLinks } from './order-pay-link';

export interface OrderDeps {
  clock: Clock;
  outbox: OutboxService;
  customers: CustomerService;
  products: ProductService;
  discounts: Pick<DiscountService, 'findByIds' | 'outputs'>;
  organizations: OrganizationService;
  seller: SellerOfRecord;
  /** Subscriptions as orders embed them (the subscription domain bills through orders, so it is reached this way). */
  subscriptions: { orderSummaries(em: EntityManager, ids: readonly string[]): Promise<OrderSubscription[]> };
  /** Benefit grants, asked to sync when an order is paid (the benefit domain's requests). */
  grants: GrantSyncPort;
  /** The customer's receipt e-mail, queued with the payment. */
  email: EmailQueue;
  /** Signed links to pay one pending order (the pay page). */
  payLinks: OrderPayLinks;
}

/** What asks the benefit domain to bring a source's grants in line with it. */
export interface GrantSyncPort {
  syncSource(
    tx: Tx,
    organizationId: string,
    customerId: string,
    source: GrantSource,
    productId: string | null,
  ): Promise<void>;
}
