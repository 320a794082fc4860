// What the lifecycle commands need (the workflow's Update step and the request that sends it), and the legality
// check they share.
import type { ChangePreviewBody } from '../../contracts/subscription-change-preview';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { FlowClient } from '../../platform/temporal/flow-client';
import type { ProductService } from '../catalog';
import type { DiscountService } from '../discount';
import type { OrderService } from '../order';
import type { BillingDeps } from './billing-deps';
import type { Subscription } from './subscription.entity';
import { refusalError } from './subscription.errors';
import { commandRefusal } from './subscription-command.logic';
import type { SubscriptionCommand } from './subscription.logic';
import type { SubscriptionService } from './subscription.service';

export interface CommandDeps {
  orm: MikroORM;
  processor: PaymentProcessor | null;
  flows: FlowClient;
  subscriptions: SubscriptionService;
  billing: BillingDeps;
  orders: OrderService;
  discounts: DiscountService;
  products: ProductService;
  /** The seat domain's count of a subscription's assigned seats (pending or claimed), taken under its lock. */
  assignedSeats: AssignedSeats;
  previewFollowers: readonly ChangePreviewFollower[];
}

/** A plan change previewed: the subscription, the plan it would move to, and the preview as answered. */
export type ChangePreviewFollower = (change: {
  organizationId: string;
  customerId: string;
  subscriptionId: string;
  productId: string;
  preview: ChangePreviewBody;
}) => Promise<void>;

/** The port the seat domain provides (`subscriptionAssignedSeats`): a subscription's assigned seats. */
export type AssignedSeats = (em: EntityManager, subscriptionId: string) => Promise<number>;

/** The reference's error when the subscription as it stands refuses the command. */
export function assertLegal(s: Subscription, command: SubscriptionCommand): void {
  const refusal = commandRefusal(s, command);
  if (refusal) throw refusalError(refusal);
}
