// What both benchmarks stand on: a headless Temporal dev server, one migrated environment on the local PostgreSQL
// (database `bursar_bench_<environment>`), and a worker polling it.
import { Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { loadConfig, type Environment } from '../src/app/config';
import { closeEnvironment, openEnvironment, type EnvironmentContext } from '../src/app/environment';
import { migrate } from '../src/app/database';
import { createHttpApp } from '../src/app/http/app';
import { RateLimits } from '../src/app/http/rate-limit';
import { ensureSearchAttributes } from '../src/app/temporal';
import { startDevServer, temporalCliPath } from '../src/app/temporal-dev-server';
import { createEnvironmentWorker } from '../src/app/worker';
import { freePort } from '../test/support/free-port';

export interface BenchStack {
  env: EnvironmentContext;
  stop(): Promise<void>;
}

export async function startBenchStack(environment: Environment, settings: Record<string, string> = {}): Promise<BenchStack> {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const namespace = `bursar-bench-${environment}`;
  const server = await startDevServer({ cliPath: temporalCliPath(), port: await freePort(), namespaces: [namespace] });
  const namespaceKey = environment === 'production' ? 'TEMPORAL_NAMESPACE_PRODUCTION' : 'TEMPORAL_NAMESPACE_SANDBOX';
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bursar_bench',
    TEMPORAL_ADDRESS: server.address,
    [namespaceKey]: namespace,
    ...settings,
  });
  await migrate(config.databaseUrls[environment]);
  const connection = await Connection.connect({ address: server.address });
  await ensureSearchAttributes(connection, namespace);
  const env = await openEnvironment(config, environment, connection);
  const worker = await createEnvironmentWorker(env, await NativeConnection.connect({ address: server.address }));
  const running = worker.run();
  return {
    env,
    async stop() {
      worker.shutdown();
      await running;
      await closeEnvironment(env);
      await connection.close();
      await server.stop();
    },
  };
}

/** The sandbox stack with its API listening on a free port and rate limits out of the way (the benchmarks' client). */
export async function startBenchApi(): Promise<BenchStack & { base: string }> {
  const port = await freePort();
  const stack = await startBenchStack('sandbox', {
    SANDBOX_PORT: String(port),
    SANDBOX_PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_IP_PER_SECOND: '1000000',
    RATE_LIMIT_ORG_PER_MINUTE: '1000000',
  });
  const limits = new RateLimits({ perIpPerSecond: 1e6, perOrganizationPerMinute: 1e6, licenseKeyPerSecond: 1e6 });
  const http = createHttpApp(stack.env, limits).listen(port, '127.0.0.1');
  return {
    env: stack.env,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      http.close();
      await limits.close();
      await stack.stop();
    },
  };
}

/** The p-th percentile of figures sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
