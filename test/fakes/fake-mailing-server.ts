import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type FakeAnswer = { status: number; body?: unknown };
export type FakeHandler = (request: RecordedRequest) => FakeAnswer;

/**
 * A tiny HTTP server on 127.0.0.1:0 for provider fakes: records every request (headers and parsed
 * JSON body) and answers what the handler says; `failNext(n)` answers 503 to the next n calls.
 */
export async function startFakeServer(handle: FakeHandler) {
  const requests: RecordedRequest[] = [];
  let failures = 0;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Left as text: the handler refuses it.
    }
    const request = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
    requests.push(request);
    const answer = failures > 0 ? (failures--, { status: 503, body: { message: 'Service unavailable' } }) : handle(request);
    res.writeHead(answer.status, answer.body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(count = 1) {
      failures = count;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export const isEmail = (value: unknown) => typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
