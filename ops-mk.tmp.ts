import { openDatabase } from './src/server/db/client.ts';
import { seedDemo } from './src/server/db/seed-demo.ts';
const db = await openDatabase({ dataDir: '/tmp/ops-bk-src/db' });
await seedDemo(db.db, 'demo-password-123');
await db.close();
console.log('seeded');
