import type { Db } from '../../src/server/db/client.ts';

/** The EXPLAIN checks' view of a plan (PostgreSQL's JSON format). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

export const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

interface RawClient {
  query(config: unknown, values?: unknown[], ...rest: unknown[]): Promise<{ rows: unknown[] }>;
}
const rawClientOf = (db: Db) => (db as unknown as { $client: RawClient }).$client;

/** The statements `work` sends through the database driver, with their parameters (what drizzle really runs). */
export async function recordStatements(db: Db, work: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
  const client = rawClientOf(db);
  const original = client.query;
  const statements: { text: string; values: unknown[] }[] = [];
  client.query = function (this: RawClient, config: unknown, values?: unknown[], ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    statements.push({ text, values: values ?? (config as { values?: unknown[] }).values ?? [] });
    return original.call(this, config, values, ...rest);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return statements;
}

/** The plan of a statement with its parameters, as EXPLAIN (`options`, format json) gives it. */
async function explained<T extends PlanNode>(db: Db, options: string, statement: { text: string; values: unknown[] }): Promise<T> {
  const { rows } = await rawClientOf(db).query(`explain (${options}format json) ${statement.text}`, statement.values);
  const [row] = rows as { 'QUERY PLAN': [{ Plan: T }] | string }[];
  // node-postgres parses the JSON plan; PGlite hands it over as text.
  const plan = typeof row['QUERY PLAN'] === 'string' ? (JSON.parse(row['QUERY PLAN']) as [{ Plan: T }]) : row['QUERY PLAN'];
  return plan[0].Plan;
}

/** The plan PostgreSQL picks for a statement with its parameters (not run). */
export const planOf = (db: Db, statement: { text: string; values: unknown[] }): Promise<PlanNode> => explained(db, '', statement);

/**
 * Sequential scans of `tables` that can read the whole table: those not below a Limit. (A capped
 * count of a store that owns most of the table is a scan that stops at the cap, which the planner
 * rightly prefers to an index.)
 */
export function unboundedSeqScans(plan: PlanNode, tables: string[], underLimit = false): string[] {
  const here =
    plan['Node Type'].includes('Seq Scan') && !underLimit && tables.includes(plan['Relation Name'] ?? '') ? [plan['Relation Name']!] : [];
  const limited = underLimit || plan['Node Type'] === 'Limit';
  return [...here, ...(plan.Plans ?? []).flatMap((child) => unboundedSeqScans(child, tables, limited))];
}

interface AnalyzedNode extends PlanNode {
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: AnalyzedNode[];
}

/** The rows a statement read from each of `tables` (run with EXPLAIN ANALYZE): found, and read only to be filtered out. */
export async function rowsReadBy(
  db: Db,
  statement: { text: string; values: unknown[] },
  tables: string[],
): Promise<Record<string, number>> {
  const plan = await explained<AnalyzedNode>(db, 'analyze, ', statement);
  const read: Record<string, number> = {};
  const walk = (node: AnalyzedNode) => {
    const table = node['Relation Name'];
    if (table && tables.includes(table)) {
      const perLoop = node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
      read[table] = (read[table] ?? 0) + perLoop * node['Actual Loops'];
    }
    (node.Plans ?? []).forEach(walk);
  };
  walk(plan);
  return read;
}
