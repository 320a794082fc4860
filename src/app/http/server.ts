// The HTTP server around the Koa app. Requests Node refuses before Koa sees them — headers over its 16 KB limit,
// malformed request lines, requests not received in time — still get the documented error body, not a bare status line.
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { BadRequest, RequestHeaderFieldsTooLarge, RequestTimeout } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { problemFor } from './problem';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

export function listenHttp(app: Koa, port: number, host: string): Server {
  const server = createServer(app.callback());
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
    const refusal =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new RequestHeaderFieldsTooLarge('The request headers exceed 16 KB.')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new RequestTimeout('The request was not received in time.')
          : new BadRequest('The request is not valid HTTP/1.1.');
    const body = JSON.stringify(problemFor(refusal, newId()));
    socket.end(
      `HTTP/1.1 ${refusal.status} ${REASONS[refusal.status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  // An idle keep-alive connection outlives the client's and a load balancer's (60 s): otherwise the server may close a
  // socket at the moment a client sends on it again, and that request gets no answer at all.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server.listen(port, host);
}

/**
 * Stops taking connections and resolves once every one is closed: idle keep-alive connections at once, requests in
 * flight when they finish, and whatever is still open after `graceMs` (a client that never reads its answer, a
 * request body that never ends) is cut, so a long keep-alive never holds a shutdown.
 */
export function closeHttp(server: Server, graceMs = 10_000): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  return closed.finally(() => clearTimeout(cut));
}
