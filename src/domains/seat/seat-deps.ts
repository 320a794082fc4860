// What the seat domain's steps are given.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import type { EmailQueue } from '../../platform/email';
import type { OutboxService } from '../../platform/outbox';
import type { FlowClient } from '../../platform/temporal/flow-client';
import type { GrantRequests, GrantSourceReader } from '../benefit';
import type { ProductService } from '../catalog';
import type { MemberStore } from '../customer';
import type { CustomerSessionService } from '../customer-session';
import type { OrderService } from '../order';
import type { OrganizationService } from '../organization';
import type { SubscriptionService } from '../subscription';
import type { TestClockQueries } from '../test-clock';

export interface SeatDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  flows: FlowClient;
  email: EmailQueue;
  serverSecret: string;
  subscriptions: SubscriptionService;
  orders: OrderService;
  products: ProductService;
  organizations: OrganizationService;
  customerSessions: CustomerSessionService;
  members: MemberStore;
  grantRequests: GrantRequests;
  testClocks: TestClockQueries;
  orderSource: GrantSourceReader;
  subscriptionSource: GrantSourceReader;
}
