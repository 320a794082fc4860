// The API process: one listener per environment, each bound to its own database and namespace.
import type { Server } from 'node:http';
import type { Config, Environment } from '../platform/config';
import { closeEnvironment, openEnvironment } from './environment';
import { createHttpApp } from './http/app';
import { rateLimitsOf } from './http/rate-limit';
import { closeHttp, listenHttp } from './http/server';
import { connectTemporal } from './temporal';

export async function runApi(config: Config, environments: readonly Environment[]): Promise<void> {
  const connection = await connectTemporal(config.temporalAddress);
  const limits = rateLimitsOf(config);
  const contexts = await Promise.all(
    environments.map((environment) => openEnvironment(config, environment, connection)),
  );
  const servers: Server[] = [];
  for (const env of contexts) {
    const server = listenHttp(createHttpApp(env, limits), config.ports[env.environment], config.HOST);
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    servers.push(server);
    console.log(`api: ${env.environment} on ${config.publicUrls[env.environment]}/v1`);
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await Promise.all(servers.map((server) => closeHttp(server)));
  await Promise.all(contexts.map(closeEnvironment));
  await limits.close();
  await connection.close();
}
