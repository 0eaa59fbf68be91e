import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database, type Db } from '../src/server/db/client.ts';
import { openTestDatabase } from './support/test-app.ts';
import { emptyDatabase, migrationsBefore } from './support/migrations.ts';

/**
 * The schema is ready for a PostgreSQL sharded by store (Citus, distribution column store_id; the
 * plan is in docs/architecture.md, "Sharding by store"). Read from the catalog, so a new table or
 * key that breaks the rule fails here whoever adds it.
 */

/** Tables without a store of their own, each with where it goes in the sharded database and why. */
const NOT_TENANT: Record<string, string> = {
  stores: 'reference table: the tenants themselves, on every node for the foreign key from each tenant table and the settings read',
  store_hosts: 'reference table: maps a request host to its store, before any store is known',
  platform_installations:
    "reference table: found by the platform's shop domain (install, webhooks) before the store is known; a seller shop has none",
  app_secrets: 'reference table: per-install keys, no store',
  oauth_states: 'local table: an install that has no store yet',
  jobs: 'local table: the one queue every process claims from across all stores (SKIP LOCKED)',
  rate_limit_hits: 'local table: counters by address or user key, across stores',
  login_failures: 'local table: counters by account key or address (one address tries many stores)',
};

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('every tenant table is keyed by store', () => {
  it('each table is a tenant table (store_id, not null) or listed as reference/local with its reason', async () => {
    const tables = await rows(
      database.db,
      sql`SELECT c.relname AS name, a.attnotnull AS store_not_null
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'store_id' AND NOT a.attisdropped
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
    );
    const names = tables.map((t) => String(t.name));
    expect(names).toContain('products');
    for (const listed of Object.keys(NOT_TENANT)) expect(names, `${listed} is listed but gone`).toContain(listed);
    const broken = tables.filter((t) => !(String(t.name) in NOT_TENANT) && t.store_not_null !== true).map((t) => t.name);
    expect(broken, 'tenant tables without a NOT NULL store_id').toEqual([]);
  });

  it('every tenant table has a primary key, and it and every unique index include store_id', async () => {
    const tenant = sql.raw(
      Object.keys(NOT_TENANT)
        .map((name) => `'${name}'`)
        .join(', '),
    );
    const withoutKey = await rows(
      database.db,
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname NOT IN (${tenant})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'p')`,
    );
    expect(withoutKey.map((r) => r.name)).toEqual([]);
    // Primary keys, unique constraints and unique indexes (partial ones too) are all unique pg_index rows.
    const unsharded = await rows(
      database.db,
      sql`SELECT c.relname AS "table", ic.relname AS "index"
          FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND i.indisunique AND c.relname NOT IN (${tenant})
          AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'store_id' AND a.attnum = ANY (i.indkey::int2[]))
          ORDER BY 1, 2`,
    );
    expect(unsharded, 'unique keys a store-sharded database cannot enforce').toEqual([]);
  });

  it('foreign keys between tenant tables carry store_id on both sides and their SET NULL never clears it; no other table points at a tenant table', async () => {
    const keys = await rows(
      database.db,
      sql`SELECT k.conname AS name, c.relname AS child, p.relname AS parent, k.confdeltype AS on_delete,
            EXISTS (SELECT 1 FROM unnest(k.conkey, k.confkey) AS pair(child_col, parent_col)
                    JOIN pg_attribute ca ON ca.attrelid = k.conrelid AND ca.attnum = pair.child_col
                    JOIN pg_attribute pa ON pa.attrelid = k.confrelid AND pa.attnum = pair.parent_col
                    WHERE ca.attname = 'store_id' AND pa.attname = 'store_id') AS carries_store,
            EXISTS (SELECT 1 FROM pg_attribute ca WHERE ca.attrelid = k.conrelid AND ca.attname = 'store_id'
                    AND ca.attnum = ANY (coalesce(k.confdelsetcols, k.conkey))) AS set_null_clears_store
          FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE k.contype = 'f' AND n.nspname = 'public' ORDER BY 1`,
    );
    const tenant = (table: unknown) => !(String(table) in NOT_TENANT);
    const between = keys.filter((k) => tenant(k.child) && tenant(k.parent));
    expect(between.length).toBeGreaterThan(20);
    expect(
      between.filter((k) => k.carries_store !== true).map((k) => k.name),
      'tenant foreign keys without store_id',
    ).toEqual([]);
    expect(
      between.filter((k) => k.on_delete === 'n' && k.set_null_clears_store === true).map((k) => k.name),
      'SET NULL that would clear store_id',
    ).toEqual([]);
    expect(
      keys.filter((k) => !tenant(k.child) && tenant(k.parent)).map((k) => k.name),
      'reference/local tables pointing at tenant tables',
    ).toEqual([]);
  });
});

describe('the migration to store keys', () => {
  it('keeps every row of a database written before it, gives sessions and codes their store, and keeps the rules', async () => {
    const old = await emptyDatabase();
    const before = migrationsBefore('h-keys');
    try {
      await old.migrate(before);
      const db = old.db;
      const vendor = '00000000-0000-4000-8000-000000000001';
      const user = '00000000-0000-4000-8000-000000000002';
      const admin = '00000000-0000-4000-8000-000000000003';
      const product = '00000000-0000-4000-8000-000000000004';
      const order = '00000000-0000-4000-8000-000000000005';
      const vendorOrder = '00000000-0000-4000-8000-000000000006';
      const line = '00000000-0000-4000-8000-000000000007';
      await db.execute(sql`INSERT INTO stores (id, shop_name) VALUES ('one', 'One'), ('two', 'Two')`);
      await db.execute(sql`INSERT INTO vendors (id, store_id, name) VALUES (${vendor}, 'one', 'Vendor')`);
      await db.execute(
        sql`INSERT INTO users (id, store_id, email, vendor_id) VALUES (${user}, 'one', 'v@one.test', ${vendor}), (${admin}, 'one', 'a@one.test', null)`,
      );
      await db.execute(
        sql`INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at) VALUES (${user}, gen_random_uuid(), 'hash-1', now() + interval '1 day')`,
      );
      await db.execute(
        sql`INSERT INTO password_reset_codes (user_id, code_hash, expires_at) VALUES (${user}, 'code-1', now() + interval '1 hour')`,
      );
      await db.execute(
        sql`INSERT INTO products (id, store_id, vendor_id, handle, title, approved_by) VALUES (${product}, 'one', ${vendor}, 'mug', 'Mug', ${admin})`,
      );
      await db.execute(
        sql`INSERT INTO product_variants (product_id, store_id, vendor_id, price) VALUES (${product}, 'one', ${vendor}, 1999)`,
      );
      await db.execute(
        sql`INSERT INTO files (store_id, key, proxy, content_type, uploaded_by, vendor_id) VALUES ('one', 'one/x.png', 'p', 'image/png', ${admin}, ${vendor})`,
      );
      await db.execute(
        sql`INSERT INTO orders (id, store_id, source, platform_order_id, name, currency, customer, subtotal, total, placed_at)
            VALUES (${order}, 'one', 'local', '1', '#1', 'EUR', '{}', 1999, 1999, now())`,
      );
      await db.execute(
        sql`INSERT INTO vendor_orders (id, store_id, order_id, vendor_id, order_name, subtotal, commission, vendor_share, placed_at)
            VALUES (${vendorOrder}, 'one', ${order}, ${vendor}, '#1', 1999, 200, 1799, now())`,
      );
      await db.execute(
        sql`INSERT INTO order_lines (id, store_id, order_id, vendor_order_id, vendor_id, platform_line_id, title, quantity, price, commission, commission_line)
            VALUES (${line}, 'one', ${order}, ${vendorOrder}, ${vendor}, 'l1', 'Mug', 1, 1999, 200, '{}')`,
      );
      await db.execute(
        sql`INSERT INTO ledger_entries (store_id, vendor_id, currency, amount_minor, kind, in_payout, in_sales, order_id, vendor_order_id, order_line_id, occurred_at)
            VALUES ('one', ${vendor}, 'EUR', 1999, 'sale', true, true, ${order}, ${vendorOrder}, ${line}, now())`,
      );
      await db.execute(
        sql`INSERT INTO outbox_emails (store_id, template, to_address, from_address, subject, html, transport) VALUES ('one', 't', 'a@b', 'c@d', 's', '', 'outbox')`,
      );
      const count = async (table: string) => Number((await rows(db, sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`))[0].n);
      const tables = [
        'vendors',
        'users',
        'refresh_tokens',
        'password_reset_codes',
        'products',
        'product_variants',
        'files',
        'orders',
        'vendor_orders',
        'order_lines',
        'ledger_entries',
      ];
      const counts = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)])));

      await old.migrate(migrationsFolder);

      expect(Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)])))).toEqual(counts);
      expect(await rows(db, sql`SELECT store_id FROM refresh_tokens UNION ALL SELECT store_id FROM password_reset_codes`)).toEqual([
        { store_id: 'one' },
        { store_id: 'one' },
      ]);
      // A vendor of another store cannot own this store's product.
      await expect(
        db.execute(
          sql`INSERT INTO products (store_id, vendor_id, handle, title, currency) VALUES ('two', ${vendor}, 'stolen', 'Stolen', 'USD')`,
        ),
      ).rejects.toThrow();
      // Deleting a user clears who approved or uploaded, and keeps the rows in their store.
      await db.execute(sql`DELETE FROM users WHERE id = ${admin}`);
      expect(await rows(db, sql`SELECT store_id, approved_by FROM products`)).toEqual([{ store_id: 'one', approved_by: null }]);
      expect(await rows(db, sql`SELECT store_id, uploaded_by FROM files`)).toEqual([{ store_id: 'one', uploaded_by: null }]);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await old.close();
    }
  });
});
