// `bursar events partitions|detach-partitions`: the monthly partitions of the events table, created or detached.
import { createEventPartitions, detachEventPartitions, eventPartitions } from '../adapters/events/event-partitions';
import type { Config, Environment } from '../platform/config';
import { withEnvironment } from './cli-environment';

export async function eventPartitionsCommand(config: Config, environment: Environment) {
  await withEnvironment(config, environment, async (env) => {
    const created = await createEventPartitions(env.orm, new Date());
    console.log(JSON.stringify({ environment, created, partitions: await eventPartitions(env.orm) }, null, 2));
  });
}

export async function detachPartitionsCommand(config: Config, environment: Environment, before: Date, drop: boolean) {
  await withEnvironment(config, environment, async (env) => {
    const detached = await detachEventPartitions(env.orm, before, drop);
    console.log(JSON.stringify({ environment, [drop ? 'dropped' : 'detached']: detached }, null, 2));
  });
}
