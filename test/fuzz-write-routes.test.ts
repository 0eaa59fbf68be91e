import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from './support/test-app.ts';
import { sampleUrl, writeRoutes } from './support/route-samples.ts';
import { changedTables, snapshotStore, type StoreSnapshot } from './support/store-snapshot.ts';
import type { RouteRecord } from '../src/server/http/policy.ts';

/**
 * Every write call of the route table, as an admin and as a vendor, gets malformed, empty,
 * wrong-typed, oversized, deeply nested and unknown-key bodies. None may answer 5xx, and a refused
 * call (4xx) must leave every row of the store as it was.
 */

let t: TestApp;
let callers: { role: string; headers: Record<string, string> }[];
/** Field names the API really uses (from the OpenAPI document), so random bodies reach past the first missing key. */
let knownKeys: string[];
/** The calls that declare a JSON body (OpenAPI requestBody): every fixed probe must be refused there. */
let withBody: Set<string>;
beforeAll(async () => {
  t = await createTestApp();
  const [admin, vendor] = await Promise.all([t.login(DEMO_ACCOUNTS.admin), t.login(DEMO_ACCOUNTS.vendor1)]);
  callers = [
    { role: 'admin', headers: admin.headers },
    { role: 'vendor', headers: vendor.headers },
  ];
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  knownKeys = [...new Set(collectPropertyNames(doc))].sort();
  withBody = new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    ),
  );
});
afterAll(() => t.close());

function collectPropertyNames(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(collectPropertyNames);
  if (!node || typeof node !== 'object') return [];
  const entries = Object.entries(node as Record<string, unknown>);
  const own = 'properties' in node && node.properties && typeof node.properties === 'object' ? Object.keys(node.properties) : [];
  return [...own, ...entries.flatMap(([, value]) => collectPropertyNames(value))];
}

interface Probe {
  name: string;
  /** No call with a JSON body may take it (the others can be valid, e.g. {} for a preview). */
  alwaysBad?: boolean;
  payload?: string;
  contentType?: string;
}

const json = (name: string, value: unknown): Probe => ({ name, payload: JSON.stringify(value), contentType: 'application/json' });
const bad = (probe: Probe): Probe => ({ ...probe, alwaysBad: true });

function deeplyNested(depth: number): unknown {
  let value: unknown = { leaf: 1 };
  for (let i = 0; i < depth; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
}

/** The fixed probes: each kind of bad body once. */
const fixedProbes = (): Probe[] => [
  { name: 'no body' },
  { name: 'empty JSON body', payload: '', contentType: 'application/json', alwaysBad: true },
  { name: 'malformed JSON', payload: '{"a": ', contentType: 'application/json', alwaysBad: true },
  bad(json('null', null)),
  bad(json('a number', 42)),
  bad(json('an array', [1, 'two', null])),
  json('an empty object', {}),
  bad(json('an unknown key', { zzUnknownKey: true })),
  json('every known key as a string', Object.fromEntries(knownKeys.map((k) => [k, 'x']))),
  json('every known key as a deep object', Object.fromEntries(knownKeys.map((k) => [k, { [k]: [{ [k]: -1 }] }]))),
  bad(json('deeply nested', deeplyNested(2000))),
  json('a long string in every known key', Object.fromEntries(knownKeys.map((k) => [k, 'é'.repeat(500)]))),
  bad(json('over the body limit', { blob: 'x'.repeat(1024 * 1024 + 10) })),
  {
    name: 'a url-encoded form',
    payload: 'enabled=true&vendor=Vendor+One&zzUnknownKey=1',
    contentType: 'application/x-www-form-urlencoded',
    alwaysBad: true,
  },
  { name: 'text', payload: '{"enabled": true}', contentType: 'text/plain', alwaysBad: true },
];

/** Random JSON bodies: objects with the API's own field names and any JSON values, or any JSON at all. */
const randomBody = () =>
  fc.oneof(fc.dictionary(fc.constantFrom(...knownKeys), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }), fc.jsonValue({ maxDepth: 4 }));

/** Path parameters that name something real, so a call gets past its lookup; others get an unknown id. */
const REAL_PARAMS: Record<string, string> = { vendor: 'Vendor One', template: 'order-placed', platform: 'shopify', action: 'approve' };
const urlOf = (route: RouteRecord) =>
  sampleUrl(
    route.url.replace(/:([A-Za-z_]+)/g, (whole, name: string) => (REAL_PARAMS[name] ? encodeURIComponent(REAL_PARAMS[name]) : whole)),
  );

/** The store as it stands: refreshed after every accepted call, compared after every refused one. */
let stored: StoreSnapshot;

async function probe(route: RouteRecord, headers: Record<string, string>, body: Probe) {
  const res = await t.app.inject({
    method: route.method as 'POST',
    url: urlOf(route),
    headers: body.contentType ? { ...headers, 'content-type': body.contentType } : headers,
    payload: body.payload,
  });
  const what = `${route.method} ${route.url} with ${body.name}`;
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const now = await snapshotStore(t.db, stored);
  if (res.statusCode >= 400) expect(changedTables(stored, now), `${what} answered ${res.statusCode} but wrote`).toEqual([]);
  stored = now;
  return res.statusCode;
}

const toOpenApi = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');

/** Admin calls answer 403 to a vendor before reading the body (test/route-policies.test.ts): fuzzed as the admin only. */
const callersOf = (route: RouteRecord) => (route.policy === 'admin' ? callers.slice(0, 1) : callers);
/** The fixed probes go once a route, as the caller it is mostly meant for; the random ones take both. */
const mainCallerOf = (route: RouteRecord) => (route.policy === 'admin' ? callers[0] : callers[1]);

describe('fuzzing every write route', () => {
  beforeAll(async () => {
    stored = await snapshotStore(t.db);
  });

  it('lists the write routes of the route table', () => {
    expect(writeRoutes(t.routes).length).toBeGreaterThan(30);
  });

  it('answers every bad body with a 4xx and writes nothing', { timeout: 120_000 }, async () => {
    for (const route of writeRoutes(t.routes)) {
      for (const body of fixedProbes()) {
        const status = await probe(route, mainCallerOf(route).headers, body);
        if (body.alwaysBad && withBody.has(`${route.method} ${toOpenApi(route.url)}`))
          expect(status, `${route.method} ${route.url} took ${body.name}`).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('answers random bodies without a 5xx, and a refused one writes nothing', { timeout: 120_000 }, async () => {
    const routes = writeRoutes(t.routes);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.nat(), randomBody(), async (route, pick, body) => {
        const choices = callersOf(route);
        await probe(route, choices[pick % choices.length].headers, json('a random body', body));
      }),
      { numRuns: 150, seed: 8 },
    );
  });
});
