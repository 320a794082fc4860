// The Temporal server a benchmark stands on: the CLI's dev server (SQLite, one process), or with BENCH_TEMPORAL=cluster
// the production topology's server (`./run start --cluster`): built from go.temporal.io/server, its history, matching,
// frontend and worker services each a process, on PostgreSQL databases of its own made afresh for the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { registerNamespaces } from '../src/app/cluster/cluster-namespaces';
import { freeClusterPorts, postgresOf } from '../src/app/cluster/cluster-stack';
import { clusterTools } from '../src/app/cluster/cluster-tools';
import { startTemporalCluster } from '../src/app/cluster/temporal-cluster';
import { startDevServer, temporalCliPath } from '../src/app/temporal-dev-server';
import { freePort } from '../test/support/free-port';

export interface BenchTemporal {
  kind: 'dev server' | 'cluster';
  address: string;
  /** The server's processes, for their CPU time. */
  pids: number[];
  stop(): Promise<void>;
}

export const benchOnCluster = () => process.env.BENCH_TEMPORAL === 'cluster';

export async function startBenchTemporal(namespace: string, databaseUrl: string): Promise<BenchTemporal> {
  if (!benchOnCluster()) {
    const server = await startDevServer({
      cliPath: temporalCliPath(),
      port: await freePort(),
      namespaces: [namespace],
    });
    return { kind: 'dev server', address: server.address, pids: [server.process.pid!], stop: server.stop };
  }
  const databases = { temporal: 'bursar_bench_temporal', visibility: 'bursar_bench_temporal_visibility' };
  await dropDatabases(databaseUrl, Object.values(databases));
  const dir = mkdtempSync(join(tmpdir(), 'bursar-bench-temporal-'));
  const cluster = await startTemporalCluster({
    tools: clusterTools(),
    dir,
    postgres: postgresOf(databaseUrl),
    databases,
    ports: await freeClusterPorts(),
  });
  await registerNamespaces(cluster.address, [namespace]);
  return {
    kind: 'cluster',
    address: cluster.address,
    pids: Object.values(cluster.services).map((service) => service.process.pid!),
    async stop() {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Each run starts from empty Temporal databases (the SQL tool makes them and their schema again). */
async function dropDatabases(databaseUrl: string, names: string[]): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
