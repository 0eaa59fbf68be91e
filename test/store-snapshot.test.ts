import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../src/server/db/schema/index.ts';
import { openTestDatabase } from './support/test-app.ts';
import { changedTables, snapshotStore } from './support/store-snapshot.ts';
import type { Database } from '../src/server/db/client.ts';

/** The fuzz and policy tests trust this snapshot to see any write: it must see every kind, and no read. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(stores).values({ id: 'snap', shopName: 'Snap' });
});
afterAll(() => database.close());

describe('the store snapshot', () => {
  it('sees an insert, an update that changes nothing, and a delete; not a read or a row lock', async () => {
    const { db } = database;
    const before = await snapshotStore(db);
    await db.transaction((tx) => tx.select().from(stores).where(eq(stores.id, 'snap')).for('update'));
    expect(changedTables(before, await snapshotStore(db))).toEqual([]);

    await db.update(stores).set({ shopName: 'Snap' }).where(eq(stores.id, 'snap'));
    const updated = await snapshotStore(db);
    expect(changedTables(before, updated)).toEqual(['stores']);

    await db.insert(stores).values({ id: 'snap-2', shopName: 'Snap 2' });
    const inserted = await snapshotStore(db);
    expect(changedTables(updated, inserted)).toEqual(['stores']);

    await db.execute(sql`delete from stores where id = 'snap'`);
    expect(changedTables(inserted, await snapshotStore(db))).toEqual(['stores']);
  });

  it('sees no write of a transaction that rolled back', async () => {
    const { db } = database;
    const before = await snapshotStore(db);
    await db
      .transaction(async (tx) => {
        await tx.insert(stores).values({ id: 'gone', shopName: 'Gone' });
        throw new Error('refused');
      })
      .catch(() => undefined);
    expect(changedTables(before, await snapshotStore(db))).toEqual([]);
    expect(changedTables(before, await snapshotStore(db, before))).toEqual([]);
  });

  it('reads the tables again after a write even when handed the previous snapshot', async () => {
    const { db } = database;
    const before = await snapshotStore(db);
    expect(await snapshotStore(db, before)).toBe(before);
    await db.insert(stores).values({ id: 'snap-3', shopName: 'Snap 3' });
    expect(changedTables(before, await snapshotStore(db, before))).toEqual(['stores']);
  });
});
