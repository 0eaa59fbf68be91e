import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/server/db/client.ts';
import { emptyDatabase, migrationsBefore } from './support/migrations.ts';

type Row = Record<string, unknown>;

describe('the migration that gives stored amounts their currency', () => {
  it("takes zones and discounts to be in their store's currency of the day (USD when it never chose one), redemptions in their discount's, and the vendors' own discounts as theirs", async () => {
    const old = await emptyDatabase();
    const before = migrationsBefore('amount-currencies');
    try {
      await old.migrate(before);
      const db = old.db;
      const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
      const vendor = '00000000-0000-4000-8000-000000000001';
      const yenOff = '00000000-0000-4000-8000-000000000002';
      const vendorsOwn = '00000000-0000-4000-8000-000000000003';
      await db.execute(
        sql`INSERT INTO stores (id, shop_name, settings) VALUES ('yen', 'Yen', '{"currency": "JPY"}'), ('plain', 'Plain', '{}')`,
      );
      await db.execute(sql`INSERT INTO vendors (id, store_id, name) VALUES (${vendor}, 'yen', 'Vendor')`);
      await db.execute(
        sql`INSERT INTO delivery_zones (store_id, zone) VALUES ('yen', '{"zoneName": "NL"}'), ('plain', '{"zoneName": "US"}')`,
      );
      await db.execute(
        sql`INSERT INTO discounts (id, store_id, vendor_id, funded_by, method, code, name, value_type, fixed_amount, active_from)
            VALUES (${yenOff}, 'yen', null, 'marketplace', 'code', 'YEN500', '¥500 off', 'fixed', 500, '2026-01-01'),
                   (${vendorsOwn}, 'yen', ${vendor}, 'vendor', 'code', 'OWN', 'Own', 'fixed', 100, '2026-01-01')`,
      );
      await db.execute(
        sql`INSERT INTO discount_redemptions (store_id, discount_id, checkout_id, email, amount) VALUES ('yen', ${yenOff}, 'c1', 'a@b.example', 500)`,
      );

      await old.migrate(migrationsFolder);

      expect(await rows(sql`SELECT store_id, currency FROM delivery_zones ORDER BY store_id`)).toEqual([
        { store_id: 'plain', currency: 'USD' },
        { store_id: 'yen', currency: 'JPY' },
      ]);
      expect(await rows(sql`SELECT code, currency, funded_by, vendor_share FROM discounts ORDER BY code`)).toEqual([
        { code: 'OWN', currency: 'JPY', funded_by: 'vendor', vendor_share: 10000 },
        { code: 'YEN500', currency: 'JPY', funded_by: 'marketplace', vendor_share: 0 },
      ]);
      expect(await rows(sql`SELECT amount::int AS amount, currency FROM discount_redemptions`)).toEqual([{ amount: 500, currency: 'JPY' }]);
      // From now on a zone without its currency is refused, not guessed.
      await expect(db.execute(sql`INSERT INTO delivery_zones (store_id, zone) VALUES ('yen', '{}')`)).rejects.toThrow();
    } finally {
      rmSync(before, { recursive: true, force: true });
      await old.close();
    }
  });
});
