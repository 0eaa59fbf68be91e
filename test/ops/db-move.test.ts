import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/demo/seed-demo.ts';
import { seedDemoSales } from '../../src/server/demo/seed-demo-sales.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { moveToPostgres } from '../../src/server/db/move-to-postgres.ts';
import { withDatabase } from '../support/global-setup.ts';
import { DEMO_PASSWORD } from '../support/test-app.ts';

const url = process.env.DATABASE_URL;
let dataDir: string;
let targetUrl: string;
let targetName: string;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)('npm run db:move: the embedded database into an empty PostgreSQL database', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-move-'));
    const embedded = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await seedDemo(embedded.db, DEMO_PASSWORD);
    // The demo's products and orders too, as `npm start` seeds them.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
    const { app, ctx } = await buildApp({ config, database: embedded, logger: false });
    await seedDemoSales(ctx);
    await app.close();
    await embedded.close();
    targetName = `mp_move_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${targetName}`));
    targetUrl = withDatabase(url!, targetName);
  }, 120_000);

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`));
  });

  it('copies every table, verifies the counts, and the rows read the same on PostgreSQL', async () => {
    const counts = await moveToPostgres({ dataDir: path.join(dataDir, 'db'), targetUrl });
    expect(counts.length).toBeGreaterThan(20);
    for (const count of counts) expect(count.target).toBe(count.source);
    const byTable = Object.fromEntries(counts.map((c) => [c.table, c.target]));
    expect(byTable.users).toBe(3);
    expect(byTable.products).toBeGreaterThan(0);
    expect(byTable.orders).toBeGreaterThan(0);

    const embedded = await openDatabase({ dataDir: path.join(dataDir, 'db'), migrate: false });
    const moved = new pg.Client({ connectionString: targetUrl });
    await moved.connect();
    try {
      const sample = [
        'SELECT id, email, password_hash, extract(epoch FROM created_at)::text AS created FROM users ORDER BY email',
        'SELECT id, title, body_html, status, search::text FROM products ORDER BY id',
        'SELECT id, settings::text FROM stores ORDER BY id',
        'SELECT id, order_name, subtotal::text, commission::text, extract(epoch FROM placed_at)::text AS placed FROM vendor_orders ORDER BY id',
      ];
      for (const text of sample) {
        const before = (await embedded.db.execute(text as never)) as unknown as { rows: unknown[] };
        const after = await moved.query(text);
        expect(after.rows).toEqual(before.rows);
      }
      // The migrations are recorded, so the product boots on the moved database without migrating again.
      const applied = await moved.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBeGreaterThan(0);
    } finally {
      await moved.end();
      await embedded.close();
    }
  });

  it('refuses a database that is not empty, changing nothing', async () => {
    const before = await admin(async () => {
      const client = new pg.Client({ connectionString: targetUrl });
      await client.connect();
      const { rows } = await client.query('SELECT count(*)::int AS n FROM users');
      await client.end();
      return rows[0].n;
    });
    await expect(moveToPostgres({ dataDir: path.join(dataDir, 'db'), targetUrl })).rejects.toThrow(/not empty/);
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    expect((await client.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(before);
    await client.end();
  });
});
