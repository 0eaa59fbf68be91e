import { eq } from 'drizzle-orm';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { stores } from '../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_STORE, seedDemo } from './seed-demo.ts';
import { buildApp } from '../app.ts';
import { seedDemoSales } from './seed-demo-sales.ts';

/** `npm run seed:demo`: adds the demo marketplace to the configured database if it is not there. */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
});
const [existing] = await database.db.select().from(stores).where(eq(stores.id, DEMO_STORE));
if (existing) console.log(`The demo store "${DEMO_STORE}" already exists; nothing changed.`);
else {
  await seedDemo(database.db, config.demoPassword);
  const { app, ctx } = await buildApp({ config, database, logger: false });
  await seedDemoSales(ctx);
  await app.close();
  console.log(`Seeded the demo store "${DEMO_STORE}". Demo credentials (password ${config.demoPassword}):`);
  for (const email of Object.values(DEMO_ACCOUNTS)) console.log(`  ${email}`);
}
await database.close();
