import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedExchange {
  /** The shop the call was for, from the `/{shop}` prefix of the base-URL template. */
  shop: string;
  body: { client_id?: string; client_secret?: string; code?: string };
}

/**
 * An in-process stand-in for the platform's admin OAuth endpoint, speaking its documented shapes:
 * `POST /{shop}/admin/oauth/access_token {client_id, client_secret, code}` → `{access_token, scope}`.
 * A code is accepted once, like the platform does. Used with SHOPIFY_ADMIN_BASE_URL=`{url}/{shop}`.
 */
export async function startFakeShopifyAdmin(options: { clientId: string; clientSecret: string; scope?: string }) {
  const codes = new Map<string, string>();
  const exchanges: RecordedExchange[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server: Server = createServer(async (request, response) => {
    const match = /^\/([^/]+)\/admin\/oauth\/access_token$/.exec(request.url ?? '');
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || !match) return answer(404, { errors: 'Not Found' });
    let body: RecordedExchange['body'];
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      return answer(400, { error: 'invalid_request' });
    }
    const shop = decodeURIComponent(match[1]);
    exchanges.push({ shop, body });
    if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret) return answer(401, { error: 'invalid_client' });
    const token = body.code ? codes.get(`${shop} ${body.code}`) : undefined;
    if (!token)
      return answer(400, { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' });
    codes.delete(`${shop} ${body.code}`);
    return answer(200, { access_token: token, scope: options.scope ?? 'read_products,write_products' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** The value for SHOPIFY_ADMIN_BASE_URL. */
    baseUrlTemplate: `${url}/{shop}`,
    exchanges,
    /** Makes the fake accept `code` for `shop` once, answering `token`. */
    issueCode(shop: string, code: string, token: string) {
      codes.set(`${shop} ${code}`, token);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
