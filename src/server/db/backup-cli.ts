// `npm run db:backup`: a copy of the embedded database (DATA_DIR/db) as one gzipped tarball;
// `npm run db:backup -- --restore FILE` puts one back into an empty DATA_DIR/db. Stop the product
// first: PGlite is one process's database, and a stopped data directory is a consistent copy.
// (PGlite's own dumpDataDir never answers for a data directory on disk with PGlite 0.5, so the
// directory is archived with tar.)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, restore: { type: 'string' } } });
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump). db:backup is for the embedded database.');
  process.exit(1);
}
const dataDir = path.join(config.dataDir, 'db');

function tar(args: string[]) {
  const result = spawnSync('tar', args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (values.restore) {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    console.error(`${dataDir} is not empty: move it away first (it is the database being replaced), then restore.`);
    process.exit(1);
  }
  mkdirSync(config.dataDir, { recursive: true });
  tar(['-xzf', path.resolve(values.restore), '-C', config.dataDir, 'db']);
  console.log(`Restored ${values.restore} into ${dataDir}. Start the product as usual (it applies any newer migrations).`);
} else {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    console.error(`No embedded database in ${dataDir}.`);
    process.exit(1);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(values.out ?? path.join(config.dataDir, 'backups', `db-${stamp}.tar.gz`));
  mkdirSync(path.dirname(out), { recursive: true });
  tar(['-czf', out, '-C', config.dataDir, 'db']);
  console.log(
    `Backed up ${dataDir} to ${out} (${statSync(out).size} bytes).\nRestore (product stopped, ${dataDir} moved away): npm run db:backup -- --restore ${out}`,
  );
}
