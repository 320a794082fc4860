// Redis for the rate-limit counters the API replicas share: REDIS_URL when set, else the one answering on the port,
// else a redis-server (Debian's) started here and stopped with the stack.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { spawnChild, waitUntilReady, type Child } from './child-process';

export interface RedisForStack {
  url: string;
  /** Set when the stack started the server. */
  child?: Child;
  stop(): Promise<void>;
}

export async function ensureRedis(options: {
  url?: string;
  port: number;
  dir: string;
  signal?: AbortSignal;
}): Promise<RedisForStack> {
  const url = options.url ?? `redis://127.0.0.1:${options.port}`;
  if (options.url || (await answers(url))) return { url, stop: async () => {} };
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
  if (!binary) throw new Error(`No Redis at ${url} and no redis-server to start (apt-get install redis-server)`);
  const logFile = join(options.dir, 'redis.log');
  const args = ['--port', String(options.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawnChild('redis-server', binary, args, { logFile });
  try {
    await waitUntilReady(child, () => answers(url), 15_000, logFile, options.signal);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { url, child, stop: () => child.stop() };
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
