// `GET /metrics` in the Prometheus text format, on a listener of its own: never on the API's ports, so it is not
// exposed with the API.
import { createServer, type Server } from 'node:http';
import { registry } from './registry';

const TEXT = { 'content-type': 'text/plain; charset=utf-8' };

/** Serves the registry on `host:port`; resolves once it listens. */
export async function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (path !== '/metrics') return void response.writeHead(404, TEXT).end('Not found: try /metrics\n');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return void response.writeHead(405, { ...TEXT, allow: 'GET, HEAD' }).end('Method not allowed\n');
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: Error) => response.writeHead(500, TEXT).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) =>
    server.once('listening', resolve).once('error', reject).listen(port, host),
  );
  return server;
}
