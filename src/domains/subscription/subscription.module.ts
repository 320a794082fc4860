// The subscription module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { SubscriptionSchema } from './subscription.entity';
import { Migration20261122070000_subscriptions } from './migrations/Migration20261122070000_subscriptions';
import { Migration20261127000000_list_indexes } from './migrations/Migration20261127000000_list_indexes';

export const subscriptionModule: Module = {
  name: 'subscription',
  entities: [SubscriptionSchema],
  migrations: migrations(Migration20261122070000_subscriptions, Migration20261127000000_list_indexes),
};
