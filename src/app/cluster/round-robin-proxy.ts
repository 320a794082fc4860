// A small HTTP proxy on an environment's public port, handing each request to the next of its API replicas in turn,
// and appending the client's address to X-Forwarded-For (the replicas run with TRUST_PROXY=true and take the last
// address, so per-IP rate limits see the client, not the proxy). The request's body is read first (up to a bound),
// so that a replica refusing the connection — it never saw the request — can be skipped for the next with the same
// bytes.
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Responses each upstream gave, in the order of `upstreams`. */
  served: number[];
  close(): Promise<void>;
}

export interface RoundRobinProxyOptions {
  host: string;
  port: number;
  upstreams: number[];
  /** The largest request body held in memory; a larger one is answered 413 here. */
  maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY_BYTES = 2_000_000;

export async function startRoundRobinProxy(options: RoundRobinProxyOptions): Promise<RoundRobinProxy> {
  const served = options.upstreams.map(() => 0);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let next = 0;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const headers = forwardedHeaders(req, body);
    let upstream: ReturnType<typeof request> | undefined;
    // The client gone before its answer: the request still in flight upstream is abandoned.
    res.once('close', () => res.writableFinished || upstream?.destroy());

    const attempt = (tries: number) => {
      const index = next++ % options.upstreams.length;
      const port = options.upstreams[index];
      const current = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers }, (answer) => {
        served[index]++;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        // A replica that dies mid-answer: the client must see a broken response, not a complete one.
        answer.on('error', () => res.destroy());
        answer.once('close', () => answer.complete || res.destroy());
      });
      upstream = current;
      current.on('error', (error: NodeJS.ErrnoException) => {
        if (res.destroyed || upstream !== current) return;
        // A replica that refuses the connection never saw the request: another may take it.
        if (error.code === 'ECONNREFUSED' && tries > 1) return attempt(tries - 1);
        if (res.headersSent) return res.destroy();
        answer(res, 502, 'BadGateway', 'No API replica answered.');
      });
      current.end(body);
    };
    attempt(options.upstreams.length);
  };

  const server: Server = createServer((req, res) => {
    readBody(req, maxBodyBytes).then(
      (body) => forward(req, res, body),
      (error: Error) => {
        if (error instanceof BodyTooLarge) {
          res.setHeader('connection', 'close'); // the rest of the body is not read
          answer(res, 413, 'PayloadTooLarge', `Request bodies are limited to ${maxBodyBytes} bytes.`);
        } else res.destroy(); // the client went away while sending
      },
    );
  });
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

/** The client's headers for the replica: its address appended to X-Forwarded-For, the body's length as read. */
function forwardedHeaders(req: IncomingMessage, body: Buffer): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { ...req.headers };
  headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  delete headers['transfer-encoding'];
  delete headers.expect; // the body is already here
  if (body.length > 0 || headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
  return headers;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data').pause();
        reject(new BodyTooLarge());
      } else chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => req.complete || reject(new Error('The client closed the connection')));
  });
}

function answer(res: ServerResponse, status: number, error: string, detail: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error, detail }));
}
