// One environment opened for a CLI command: its database migrated and its domains built, closed when the command ends.
import { Connection } from '@temporalio/client';
import type { Config, Environment } from '../platform/config';
import { closeEnvironment, openEnvironment } from './environment';
import { migrate } from './database';

export async function withEnvironment<T>(
  config: Config,
  environment: Environment,
  work: (env: Awaited<ReturnType<typeof openEnvironment>>) => Promise<T>,
) {
  await migrate(config.databaseUrls[environment]);
  // Organization and token commands only touch PostgreSQL: the Temporal connection is never opened.
  const connection = Connection.lazy({ address: config.temporalAddress });
  const env = await openEnvironment(config, environment, connection);
  try {
    return await work(env);
  } finally {
    await closeEnvironment(env);
  }
}
