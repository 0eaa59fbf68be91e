import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One base URL for both platform fakes (the app has one SHOPIFY_ADMIN_BASE_URL): the token
 * exchange (`/admin/oauth/...`) goes to `oauthUrl`, everything else (Admin GraphQL) to `graphqlUrl`.
 */
export async function startPlatformRouter(oauthUrl: string, graphqlUrl: string) {
  const router = createServer((req, res) => {
    const target = new URL(/\/admin\/oauth\//.test(req.url ?? '') ? oauthUrl : graphqlUrl);
    const forward = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  return {
    /** The value for SHOPIFY_ADMIN_BASE_URL. */
    baseUrlTemplate: `http://127.0.0.1:${(router.address() as AddressInfo).port}/{shop}`,
    async close() {
      router.closeAllConnections();
      await new Promise((resolve) => router.close(resolve));
    },
  };
}
