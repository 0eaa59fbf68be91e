import pg from 'pg';
import { openDatabase } from './client.ts';

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface MoveOptions {
  /** The PGlite data directory (DATA_DIR/db). */
  dataDir: string;
  /** An empty PostgreSQL database. */
  targetUrl: string;
  log?: (line: string) => void;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const ROWS_PER_INSERT = 500;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Parents before children, so every foreign key finds its row (a table referencing itself is left to the order of its rows). */
function parentsFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { child, parent } of references) if (child === table && parent !== table) visit(parent);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

/**
 * Copies the embedded database into an empty PostgreSQL database: migrates the target with the same
 * migrations, copies every table of the public schema in one transaction (parents first; with foreign
 * key triggers off when the role may do so), moves every sequence to where it was, then compares the
 * row counts of every table. Refuses a target that has any table. Files are not touched.
 */
export async function moveToPostgres({ dataDir, targetUrl, log = () => undefined }: MoveOptions): Promise<TableCount[]> {
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  const source = await openDatabase({ dataDir });
  const sourceClient = (source.db as unknown as { $client: { query: Query } }).$client;
  const from: Query = (text, params) => sourceClient.query(text, params);
  const to: Query = (text, params) => target.query(text, params);
  try {
    const existing = await to(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') LIMIT 5`,
    );
    if (existing.rows.length > 0) {
      throw new Error(
        `The target database is not empty (it has ${existing.rows.map((r) => r.name).join(', ')}); db:move only copies into an empty database.`,
      );
    }
    log('Migrating the target database...');
    const migrated = await openDatabase({ databaseUrl: targetUrl });
    await migrated.close();

    // A partitioned table (the audit log's months) is copied through its parent, which routes each row
    // to the target's partition of its month: its partitions are not tables of their own here.
    const tables = (
      await from(`SELECT c.relname AS tablename FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`)
    ).rows.map((r) => String(r.tablename));
    const references = (
      await from(`
        SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE k.contype = 'f' AND n.nspname = 'public'`)
    ).rows.map((r) => ({ child: String(r.child), parent: String(r.parent) }));

    await to('BEGIN');
    // Superusers copy with foreign-key triggers off (any row order); others rely on the parents-first order.
    await to('SAVEPOINT replica');
    await to(`SET LOCAL session_replication_role = replica`).then(
      () => to('RELEASE SAVEPOINT replica'),
      () => to('ROLLBACK TO SAVEPOINT replica'),
    );
    for (const table of parentsFirst(tables, references)) {
      const columns = (
        await from(
          `SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
          [`public.${ident(table)}`],
        )
      ).rows.map((r) => String(r.attname));
      const list = columns.map(ident).join(', ');
      // Text out, text in: every type round-trips through its text form, so no driver parses a value.
      const select = `SELECT ctid::text AS ctid_, ${columns.map((c) => `${ident(c)}::text`).join(', ')} FROM public.${ident(table)}`;
      let after = '(0,0)';
      let copied = 0;
      for (;;) {
        const { rows } = await from(`${select} WHERE ctid > $1::tid ORDER BY ctid LIMIT ${ROWS_PER_INSERT}`, [after]);
        if (rows.length === 0) break;
        after = String(rows[rows.length - 1].ctid_);
        const params: unknown[] = [];
        const values = rows.map((row) => `(${columns.map((c) => `$${params.push(row[c])}`).join(', ')})`);
        await to(`INSERT INTO public.${ident(table)} (${list}) OVERRIDING SYSTEM VALUE VALUES ${values.join(', ')}`, params);
        copied += rows.length;
      }
      log(`  ${table}: ${copied} rows`);
    }
    const sequences = (await from(`SELECT sequencename, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`)).rows;
    for (const sequence of sequences) {
      if (sequence.last === null) continue;
      await to(`SELECT setval($1::regclass, $2::bigint, true)`, [`public.${ident(String(sequence.sequencename))}`, sequence.last]);
    }
    await to('COMMIT');

    const counts: TableCount[] = [];
    for (const table of [...tables].sort()) {
      const count = `SELECT count(*)::int AS n FROM public.${ident(table)}`;
      const [a, b] = await Promise.all([from(count), to(count)]);
      counts.push({ table, source: Number(a.rows[0].n), target: Number(b.rows[0].n) });
    }
    const wrong = counts.filter((c) => c.source !== c.target);
    if (wrong.length > 0)
      throw new Error(`Row counts differ after the copy: ${wrong.map((c) => `${c.table} ${c.source} → ${c.target}`).join(', ')}`);
    return counts;
  } catch (error) {
    await to('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await target.end();
    await source.close();
  }
}
