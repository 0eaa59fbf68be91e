import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from './support/test-app.ts';
import { installPolicyGuard } from '../src/server/http/policy.ts';
import { sampleUrl as sample } from './support/route-samples.ts';
import { changedTables, snapshotStore } from './support/store-snapshot.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route policies', () => {
  it('every registered route declares a policy', () => {
    expect(t.routes.length).toBeGreaterThan(5);
    const missing = t.routes.filter((r) => !r.policy);
    expect(missing).toEqual([]);
  });

  it('registering a route without a policy fails at boot', () => {
    const app = Fastify();
    installPolicyGuard(app, async () => null);
    expect(() => app.get('/api/unguarded', async () => 'no')).toThrow(/declares no policy/);
  });

  it('every signed-in and admin route answers 401 to a signed-out caller, before reading input', async () => {
    const guarded = t.routes.filter((r) => r.policy === 'user' || r.policy === 'admin');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: sample(route.url),
        headers: { 'x-iframe': 'false' },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  });

  it('every admin route answers 403 to a vendor and changes nothing', async () => {
    const vendor = await t.login(DEMO_ACCOUNTS.vendor1);
    const before = await snapshotStore(t.db);
    for (const route of t.routes.filter((r) => r.policy === 'admin')) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: sample(route.url),
        headers: vendor.headers,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
    expect(changedTables(before, await snapshotStore(t.db))).toEqual([]);
  });
});

describe('OpenAPI document', () => {
  it('documents every API call of the route table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const api = t.routes.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/docs/openapi.json');
    const toOpenApi = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');
    const undocumented = api.filter((r) => !documented.has(`${r.method} ${toOpenApi(r.url)}`)).map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
    expect(doc.paths['/api/auth/public/login'].post).toBeDefined();
  });
});
