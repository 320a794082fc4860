// The Temporal server's configuration files, written as JSON (a subset of YAML, which the server and the UI server read):
// PostgreSQL persistence and visibility, four history shards, one gRPC and one membership port per service, and the
// dynamic config the embedded dev server gets from flags.
import { DEV_SERVER_DYNAMIC_CONFIG } from '../../../temporal.config';

export const SERVICES = ['history', 'matching', 'frontend', 'worker'] as const;
export type Service = (typeof SERVICES)[number];

/** Shards split a cluster's workflows across history hosts; fixed for the life of the persistence store. */
export const NUM_HISTORY_SHARDS = 4;

export interface ClusterPorts {
  grpc: Record<Service, number>;
  membership: Record<Service, number>;
  /** The frontend's HTTP API (Nexus callbacks, HTTP clients). */
  frontendHttp: number;
}

/** The Temporal defaults shifted with the frontend's port (7233 → history 7234, matching 7235, worker 7239; 6933…). */
export function portsFrom(frontend: number): ClusterPorts {
  const offsets: Record<Service, number> = { frontend: 0, history: 1, matching: 2, worker: 6 };
  const byService = (base: number) =>
    Object.fromEntries(SERVICES.map((service) => [service, base + offsets[service]])) as Record<Service, number>;
  return { grpc: byService(frontend), membership: byService(frontend - 300), frontendHttp: frontend + 10 };
}

export interface PostgresTarget {
  host: string;
  port: number;
  user: string;
  password: string;
}

export interface ServerConfigOptions {
  postgres: PostgresTarget;
  databases: { temporal: string; visibility: string };
  ports: ClusterPorts;
  dynamicConfigFile: string;
  logLevel?: string;
}

export function serverConfig(options: ServerConfigOptions): object {
  const { postgres, ports } = options;
  const datastore = (databaseName: string, maxConns: number) => ({
    sql: {
      pluginName: 'postgres12',
      databaseName,
      connectAddr: `${postgres.host}:${postgres.port}`,
      connectProtocol: 'tcp',
      user: postgres.user,
      password: postgres.password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  });
  const service = (name: Service) => ({
    rpc: {
      grpcPort: ports.grpc[name],
      membershipPort: ports.membership[name],
      bindOnIP: '127.0.0.1',
      ...(name === 'frontend' && { httpPort: ports.frontendHttp }),
    },
  });
  return {
    log: { stdout: true, level: options.logLevel ?? 'warn' },
    persistence: {
      defaultStore: 'default',
      visibilityStore: 'visibility',
      numHistoryShards: NUM_HISTORY_SHARDS,
      datastores: {
        default: datastore(options.databases.temporal, 10),
        visibility: datastore(options.databases.visibility, 4),
      },
    },
    global: { membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' } },
    services: Object.fromEntries(SERVICES.map((name) => [name, service(name)])),
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: {
          enabled: true,
          initialFailoverVersion: 1,
          rpcName: 'frontend',
          rpcAddress: `127.0.0.1:${ports.grpc.frontend}`,
          httpAddress: `127.0.0.1:${ports.frontendHttp}`,
        },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    dynamicConfigClient: { filepath: options.dynamicConfigFile, pollInterval: '10s' },
  };
}

/** DEV_SERVER_DYNAMIC_CONFIG ("key=value" flags) as a dynamic config file: each key, one unconstrained value. */
export function dynamicConfig(values: readonly string[] = DEV_SERVER_DYNAMIC_CONFIG): object {
  return Object.fromEntries(
    values.map((entry) => {
      const [key, raw] = [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)];
      return [key, [{ value: parseValue(raw), constraints: {} }]];
    }),
  );
}

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function uiConfig(options: { frontend: string; port: number; defaultNamespace: string }): object {
  return {
    temporalGrpcAddress: options.frontend,
    host: '127.0.0.1',
    port: options.port,
    enableUi: true,
    defaultNamespace: options.defaultNamespace,
    cors: {
      cookieInsecure: true,
      allowOrigins: [`http://localhost:${options.port}`, `http://127.0.0.1:${options.port}`],
    },
    hideLogs: true,
  };
}
