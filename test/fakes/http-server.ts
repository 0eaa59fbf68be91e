import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The raw body text (providers differ: Stripe form-encoded, PayPal JSON). */
  text: string;
}
export type FakeReply = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * An HTTP server on 127.0.0.1:0 answering what `handle` says; `failNext(n)` answers 503 to the next
 * n calls without handling them. `delayMs` holds each answer back after the request was handled, as
 * a provider's latency does (a client that dies meanwhile never hears what happened).
 */
export async function startHttpFake(handle: (request: FakeRequest) => FakeReply, delayMs = 0) {
  let failures = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const request = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      text: Buffer.concat(chunks).toString('utf8'),
    };
    const reply = failures > 0 ? (failures--, { status: 503, body: { message: 'Service unavailable' } }) : handle(request);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failNext(count = 1) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
