// A small HTTP proxy on an environment's public port, handing each request to the next of its API replicas in turn
// (the next one after a refused connection), and appending the client's address to X-Forwarded-For (the replicas run
// with TRUST_PROXY=true, so per-IP rate limits see the client, not the proxy).
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Responses each upstream gave, in the order of `upstreams`. */
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(options: {
  host: string;
  port: number;
  upstreams: number[];
}): Promise<RoundRobinProxy> {
  const served = options.upstreams.map(() => 0);
  let next = 0;

  const forward = (req: IncomingMessage, res: ServerResponse, tries: number) => {
    const index = next++ % options.upstreams.length;
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      {
        host: '127.0.0.1',
        port: options.upstreams[index],
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        served[index]++;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      // A replica that refuses the connection never saw the request: another may take it.
      if (error.code === 'ECONNREFUSED' && tries > 1 && !req.readableDidRead) return forward(req, res, tries - 1);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'BadGateway', detail: 'No API replica answered.' }));
    });
    req.pipe(upstream);
  };

  const server: Server = createServer((req, res) => forward(req, res, options.upstreams.length));
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port, options.host, resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
