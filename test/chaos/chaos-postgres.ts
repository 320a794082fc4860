// The chaos run's own PostgreSQL cluster, made with Debian's postgresql-common tools beside the local one: `bursar_chaos`
// on a free port, trust auth on loopback. Stopping and starting it never touches the developer's cluster, so the test
// suite (or anything else on port 5432) can run meanwhile.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const CLUSTER = 'bursar_chaos';

export interface ChaosPostgres {
  /** The chaos database on this cluster. */
  url: string;
  stop(): void;
  start(): void;
  /** Stops the cluster and deletes its data directory. */
  drop(): void;
}

export function createChaosCluster(port: number): ChaosPostgres {
  const version = postgresVersion();
  const ctl = (action: 'start' | 'stop') =>
    execFileSync('pg_ctlcluster', [
      '--skip-systemctl-redirect',
      version,
      CLUSTER,
      action,
      ...(action === 'stop' ? ['-m', 'fast'] : []),
    ]);
  const drop = () => execFileSync('pg_dropcluster', ['--stop', version, CLUSTER], { stdio: 'ignore' });
  try {
    drop(); // left by a run that was killed
  } catch {
    // there was none
  }
  execFileSync('pg_createcluster', [version, CLUSTER, '-p', String(port), '--', '-A', 'trust'], { stdio: 'ignore' });
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/bursar_chaos`,
    stop: () => ctl('stop'),
    start: () => ctl('start'),
    drop,
  };
}

/** The installed PostgreSQL's version (`/etc/postgresql/<version>/`). */
function postgresVersion(): string {
  const [version] = readdirSync('/etc/postgresql');
  if (!version)
    throw new Error('No PostgreSQL under /etc/postgresql: the chaos run makes its own cluster with pg_createcluster.');
  return version;
}
