// `npm run db:move -- --to postgres://...`: the embedded database (DATA_DIR/db) into an empty PostgreSQL database.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { moveToPostgres } from './move-to-postgres.ts';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (!values.to?.startsWith('postgres')) {
  console.error('Usage: npm run db:move -- --to postgres://user:pass@host:5432/database   (stop the product first)');
  process.exit(1);
}
const config = loadConfig();
const dataDir = path.join(config.dataDir, 'db');
console.log(`Copying the embedded database in ${dataDir} to PostgreSQL...`);
try {
  const counts = await moveToPostgres({ dataDir, targetUrl: values.to, log: console.log });
  console.log('\nRow counts (embedded = PostgreSQL):');
  for (const { table, target } of counts) console.log(`  ${table.padEnd(32)} ${target}`);
  console.log(`\nDone. Start the product with DATABASE_URL=<that URL>; uploaded files stay in ${config.filesDir} (or your S3 bucket).`);
} catch (error) {
  console.error(`db:move failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
