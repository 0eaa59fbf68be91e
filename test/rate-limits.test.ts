import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from './support/test-app.ts';
import { buildApp } from '../src/server/app.ts';
import { rateLimitHits } from '../src/server/db/schema/index.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
let clock = new Date('2026-11-21T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  // A second app on the same database stands for a second process: counters live in the database.
  other = await buildApp({
    config: t.config,
    database: { db: t.db, kind: 'pglite', close: async () => {} },
    now: () => clock,
    logger: false,
  });
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

describe('rate limits hold across processes sharing the database', () => {
  it('anonymous upload URLs: 30 a minute per address, counted by both processes together', async () => {
    const stage = (app: TestApp['app']) =>
      app.inject({ method: 'PUT', url: '/api/cdn/stage-upload?store=demo', remoteAddress: '10.7.0.1' });
    for (let i = 0; i < 15; i++) expect((await stage(t.app)).statusCode).not.toBe(429);
    for (let i = 0; i < 15; i++) expect((await stage(other.app)).statusCode).not.toBe(429);
    const refused = await stage(t.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many attempts, please try again later');
    expect((await stage(other.app)).statusCode).toBe(429);
    // Another address, and the next window, start afresh.
    expect((await t.app.inject({ method: 'PUT', url: '/api/cdn/stage-upload?store=demo', remoteAddress: '10.7.0.2' })).statusCode).not.toBe(
      429,
    );
    clock = new Date(clock.getTime() + 61_000);
    expect((await stage(other.app)).statusCode).not.toBe(429);
  });

  it('exports: 10 an hour per user over product and order exports, with a clear 429', async () => {
    const vendor = await t.login(DEMO_ACCOUNTS.vendor1);
    const start = (app: TestApp['app'], kind: 'products' | 'orders') =>
      app.inject({ method: 'POST', url: `/api/${kind}/export`, headers: vendor.headers });
    for (let i = 0; i < 5; i++) expect((await start(t.app, 'products')).statusCode).toBe(202);
    for (let i = 0; i < 5; i++) expect((await start(other.app, 'orders')).statusCode).toBe(202);
    const refused = await start(t.app, 'orders');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many exports: at most 10 an hour, please try again later');
    // Another user has a budget of its own.
    const admin = await t.login(DEMO_ACCOUNTS.admin);
    expect((await t.app.inject({ method: 'POST', url: '/api/products/export', headers: admin.headers })).statusCode).toBe(202);
  });

  it('keeps only live windows: a new window removes the ended ones', async () => {
    clock = new Date(clock.getTime() + 2 * 3600_000);
    await t.app.inject({ method: 'PUT', url: '/api/cdn/stage-upload?store=demo', remoteAddress: '10.7.0.9' });
    const rows = await t.db.select().from(rateLimitHits);
    expect(rows.every((r) => r.expiresAt > clock)).toBe(true);
  });
});
