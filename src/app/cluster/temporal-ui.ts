// The Temporal Web UI in front of the cluster: github.com/temporalio/ui-server (the UI's assets embedded), configured
// by a file it reads from its own config directory.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnChild, waitUntilReady, type Child } from './child-process';
import { uiConfig } from './temporal-cluster-config';

export interface TemporalUiOptions {
  uiServer: string;
  dir: string;
  /** The cluster's frontend, host:port. */
  frontend: string;
  port: number;
  defaultNamespace: string;
  signal?: AbortSignal;
}

export interface TemporalUi {
  url: string;
  child: Child;
  stop(): Promise<void>;
}

export async function startTemporalUi(options: TemporalUiOptions): Promise<TemporalUi> {
  const configDir = join(options.dir, 'config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, 'base.yaml'), `${JSON.stringify(uiConfig(options), null, 2)}\n`);
  const logFile = join(options.dir, 'ui-server.log');
  const child = spawnChild(
    'temporal ui-server',
    options.uiServer,
    ['--root', options.dir, '--config', 'config', 'start'],
    {
      logFile,
    },
  );
  const url = `http://127.0.0.1:${options.port}`;
  try {
    const healthy = async () => (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;
    await waitUntilReady(child, healthy, 30_000, logFile, options.signal);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { url, child, stop: () => child.stop() };
}
