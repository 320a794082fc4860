// A real HTTP receiver for webhook tests: records every request with its raw body and verifies Standard Webhooks
// signatures with the `standardwebhooks` library, both the standard way and the way existing client SDKs do.
import { closeHttp } from '../../src/app/http/server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { recordWebhook } from './compat-recorder';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  json: { type: string; timestamp: string; data: { id: string } & Record<string, unknown> };
  at: number;
}

/** What to do with the n-th request (0-based): answer a status, or never answer. */
export type Responder = (request: ReceivedWebhook, index: number) => number | 'hang';

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  respondWith(responder: Responder): void;
  /** Requests whose signature verifies with `secret`, both as a Standard Webhooks secret and as raw UTF-8 key bytes. */
  verified(secret: string): ReceivedWebhook[];
  close(): Promise<void>;
}

export function verifies(secret: string, request: ReceivedWebhook): boolean {
  const attempt = (key: string) => {
    try {
      new Webhook(key).verify(request.body, request.headers);
      return true;
    } catch {
      return false;
    }
  };
  return attempt(secret) && attempt(Buffer.from(secret, 'utf8').toString('base64'));
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const hanging: ServerResponse[] = [];
  let responder: Responder = () => 204;
  let url = '';
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const request = { headers, body, json: JSON.parse(body || '{}'), at: Date.now() };
    recordWebhook({ url, headers, body, at: request.at });
    const answer = responder(request, received.length);
    received.push(request);
    if (answer === 'hang') return void hanging.push(res);
    res.statusCode = answer;
    res.end(answer >= 400 ? 'receiver says no' : 'ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}${path}`;
  return {
    url,
    received,
    respondWith: (next) => (responder = next),
    verified: (secret) => received.filter((r) => verifies(secret, r)),
    close: () => {
      hanging.forEach((res) => res.destroy());
      return closeHttp(server, 0);
    },
  };
}
