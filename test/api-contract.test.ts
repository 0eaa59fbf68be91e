import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../src/web/api/endpoint.ts';
import type { EndpointDefinition } from '../src/web/api/endpoint-request.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Every module that defines endpoints: importing them fills ENDPOINTS.
import.meta.glob(['../src/web/api/*.ts', '../src/web/**/api/**/*.ts', '!**/*.test.ts'], { eager: true });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // The first load's endpoints carry their schemas lazily; the contract holds them like the rest.
  for (const definition of ENDPOINTS.filter((d) => d.contract)) Object.assign(definition, await definition.contract!());
});
afterAll(() => t.close());

const routeOf = (definition: EndpointDefinition) => `${definition.method ?? 'GET'} /api/${definition.path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * The routes an endpoint reaches: its {param} is the route's :param, or any fixed segment ({kind}/exports: products/exports, orders/exports).
 * The route of the same pattern comes first (cdn/{proxy} is cdn/:proxy, not cdn/stage-upload).
 */
function routesOf(definition: EndpointDefinition) {
  const name = routeOf(definition);
  const pattern = new RegExp(`^${name.replace(/:(\w+)/g, '(?::$1|[^/:]+)')}$`);
  const same = (r: { method: string; url: string }) => Number(`${r.method} ${r.url}` === name);
  return t.routes.filter((r) => pattern.test(`${r.method} ${r.url}`)).sort((a, b) => same(b) - same(a));
}

/**
 * The web app's endpoints still typed by hand rather than built from the shared schemas. Only
 * their method and path are held against the server; the list only shrinks (issue 10).
 */
const HAND_TYPED = new Set<string>([]);

describe('the API contract: every endpoint of the web app', () => {
  it('is found and reached through a module the contract test reads', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(50);
  });

  it('exists in the server’s route table with its method and path', () => {
    const missing = ENDPOINTS.filter((definition) => routesOf(definition).length === 0).map(routeOf);
    expect(missing).toEqual([]);
  });

  it('is built from the very schemas the server checks the call and its answer with', () => {
    const drift: string[] = [];
    for (const definition of ENDPOINTS.filter((d) => d.request || d.answer)) {
      const name = routeOf(definition);
      const [route] = routesOf(definition);
      const schema = (route?.schema ?? {}) as { body?: unknown; querystring?: unknown; response?: Record<number, unknown> };
      // A call that names its query fields and has no body (POST transactions/export) is checked by the route's query.
      const inQuery = (definition.method ?? 'GET') === 'GET' || (definition.query && !schema.body);
      const checked = inQuery ? schema.querystring : schema.body;
      // The success answer: 200, or the 201/202 of a call that creates or starts something.
      const answered = Object.entries(schema.response ?? {}).find(([status]) => status.startsWith('2'))?.[1];
      if (definition.request && definition.request !== checked) drift.push(`${name}: request`);
      if (!definition.request && checked) drift.push(`${name}: the server checks an input the endpoint does not declare`);
      if (definition.answer !== answered) drift.push(`${name}: answer`);
    }
    expect(drift).toEqual([]);
  });

  it('declares its schemas, except the few still typed by hand', () => {
    const handTyped = ENDPOINTS.filter((d) => !d.answer).map(routeOf);
    expect(handTyped.filter((route) => !HAND_TYPED.has(route))).toEqual([]);
  });
});
