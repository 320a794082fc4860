export { SubscriptionService, type NewSubscription } from './subscription.service';
export { SubscriptionBillingService, type SubscriptionSchedule } from './subscription-billing.service';
export { SubscriptionCommandService } from './subscription-commands.service';
export { Subscription } from './subscription.entity';
export type { SubscriptionCommand } from './subscription.logic';
export { subscriptionRoutes } from './subscription.routes';
