// TCP ports for the cluster's internal listeners.
import { createServer, type AddressInfo, type Server } from 'node:net';

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0];
}

/** `count` different ports free on 127.0.0.1 right now: all held open together, then released. */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    }
    return servers.map((server) => (server.address() as AddressInfo).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/**
 * The ports of one stack: each free when handed out and never handed out twice, nor one of the fixed ports the stack
 * listens on, so two of its listeners cannot be given the same port (a port is released before its process binds it).
 */
export class PortPool {
  private readonly taken: Set<number>;

  constructor(fixed: Iterable<number> = []) {
    this.taken = new Set(fixed);
  }

  async take(count: number): Promise<number[]> {
    const ports: number[] = [];
    while (ports.length < count) {
      for (const port of await freePorts(count - ports.length)) {
        if (this.taken.has(port)) continue;
        this.taken.add(port);
        ports.push(port);
      }
    }
    return ports;
  }

  async takeOne(): Promise<number> {
    return (await this.take(1))[0];
  }

  /** A port below 32768 (see freeLowPort). */
  async takeLow(): Promise<number> {
    const port = await freeLowPort(this.taken);
    this.taken.add(port);
    return port;
  }
}

/**
 * A free port below 32768, out of the range the system hands out itself: the Temporal server keeps its services'
 * membership ports in a smallint column.
 */
export async function freeLowPort(taken: ReadonlySet<number> = new Set()): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (!taken.has(port) && (await isFree(port))) return port;
  }
  throw new Error('No free port found between 20000 and 32000');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
