export { SubscriptionService, type NewSubscription } from './subscription.service';
export { SubscriptionBillingService } from './subscription-billing.service';
export { renewAndCharge, type RenewalParts, type RenewalStep } from './subscription-renewal';
export { SubscriptionCommandService } from './subscription-commands.service';
export { SubscriptionQueries } from './subscription.queries';
export { SubscriptionMeterReader } from './subscription-meter';
export { Subscription } from './subscription.entity';
export type { SubscriptionCommand, SubscriptionSchedule } from './subscription.logic';
export { subscriptionRoutes } from './subscription.routes';
