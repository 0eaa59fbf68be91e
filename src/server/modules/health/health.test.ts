import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

describe('GET /api/health and /api/ready', () => {
  it('health answers ok to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready is 503 until the job runner runs, then 200 with every check ok', async () => {
    const before = await ready();
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'ok', jobs: 'not running' } });

    t.ctx.jobs.start();
    const after = await ready();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
  });

  it('ready names a migration the database lacks', async () => {
    const latest = await t.db.execute(sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`);
    const row = (latest as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows[0];
    await t.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${row.id}`);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.migrations).toMatch(/^not applied: 00\d\d_[\w-]+$/);
    } finally {
      await t.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('ready is 503 while the job runner stops (shutdown), health stays 200', async () => {
    await t.ctx.jobs.stop();
    expect((await ready()).json().checks.jobs).toBe('not running');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('without a database', () => {
  it('health still answers 200; ready answers 503 naming the database', async () => {
    t.ctx.jobs.start();
    // A real driver pointed at a port nothing listens on: what a lost database looks like from the process.
    const unreachable = await openDatabase({ databaseUrl: 'postgres://health@127.0.0.1:1/none', migrate: false });
    const db = t.ctx.db;
    t.ctx.db = unreachable.db;
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not_ready',
        checks: { database: expect.stringMatching(/^unreachable: /), migrations: 'unknown', jobs: 'ok' },
      });
    } finally {
      t.ctx.db = db;
      await t.ctx.jobs.stop();
      await unreachable.close();
    }
  });
});
