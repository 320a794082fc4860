// The API process: one listener per environment, each bound to its own database and namespace.
import type { Server } from 'node:http';
import type { Config, Environment } from '../platform/config';
import { closeEnvironment, openEnvironment } from './environment';
import { createHttpApp } from './http/app';
import { rateLimitsOf } from './http/rate-limit';
import { closeHttp, listenHttp } from './http/server';
import { connectTemporal } from './temporal';
import { createLogger, logger, useLogger } from '../platform/logging/logger';
import { serveMetrics } from '../platform/prometheus';

export async function runApi(config: Config, environments: readonly Environment[]): Promise<void> {
  useLogger(createLogger({ service: 'api', level: config.LOG_LEVEL }));
  const connection = await connectTemporal(config.temporalAddress);
  const limits = rateLimitsOf(config);
  const contexts = await Promise.all(
    environments.map((environment) => openEnvironment(config, environment, connection)),
  );
  const servers: Server[] = [];
  // Prometheus scrapes this process on a listener of its own, never on the API's ports.
  if (config.METRICS_PORT) servers.push(await serveMetrics(config.METRICS_PORT, config.METRICS_HOST));
  for (const env of contexts) {
    const server = listenHttp(createHttpApp(env, limits), config.ports[env.environment], config.HOST);
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    servers.push(server);
    const url = `${config.publicUrls[env.environment]}/v1`;
    logger().info({ environment: env.environment, url }, `api: ${env.environment} on ${url}`);
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
