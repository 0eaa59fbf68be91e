import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient, QueryConfig } from 'pg';
import type { AuditActorKind } from '#shared/schemas/audit';

/** Who is writing, as the audit triggers record it (the database reads it from the setting app.actor). */
export interface AuditActor {
  kind: AuditActorKind;
  userId?: string | null;
  name?: string | null;
  /** The vendor an admin acts as, or a vendor's own. */
  vendorId?: string | null;
  requestId?: string;
  /** The route or the job type. */
  source?: string;
}

/**
 * The actor of the work running now. A request's actor is only known once its caller is
 * authenticated, after the context is entered, so the context holds a function read at each write.
 */
const current = new AsyncLocalStorage<() => AuditActor | null>();

/** Runs `work` with every database write in it recorded as `actor`'s. */
export function runAsActor<T>(actor: AuditActor | (() => AuditActor | null), work: () => T): T {
  return current.run(typeof actor === 'function' ? actor : () => actor, () => {
    const result = work();
    // A query builder runs when awaited: start it here, inside the actor's context, not at the caller's await.
    return (isThenable(result) ? Promise.resolve(result) : result) as T;
  });
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

function actorSetting(): string | null {
  const actor = current.getStore()?.();
  return actor ? JSON.stringify(actor) : null;
}

const SET_ACTOR = "select set_config('app.actor', $1, true)";
const WRITE = /^\s*(?:with\b|insert\s+into\s+"?(\w+)|update\s+(?:only\s+)?"?(\w+)|delete\s+from\s+(?:only\s+)?"?(\w+))/i;

/**
 * Whether a statement may write an audited table. Statements outside an explicit transaction that
 * do are wrapped in one that first sets the actor; the others (jobs, rate limits, sign-ins) run as
 * they are, so recording costs nothing where nothing is recorded.
 */
function writesAudited(text: string, audited: ReadonlySet<string>): boolean {
  const match = WRITE.exec(text);
  if (!match) return false;
  const table = match[1] ?? match[2] ?? match[3];
  return table === undefined || audited.has(table);
}

/** The tables that carry an audit trigger, read from the catalog so the list never drifts from the migrations. */
export const AUDIT_TRIGGERS_QUERY = `SELECT c.relname AS name, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
  JOIN pg_proc p ON p.oid = t.tgfoid WHERE p.proname IN ('audit_row_change', 'audit_ledger_entries')`;
export const AUDITED_TABLES_QUERY = `SELECT DISTINCT name FROM (${AUDIT_TRIGGERS_QUERY}) triggers`;

/**
 * PGlite (one connection): every transaction starts by setting the actor, and a lone write to an
 * audited table runs in a transaction that does.
 */
export function recordActorsOnPglite(client: PGlite, audited: ReadonlySet<string>) {
  const transaction = client.transaction.bind(client);
  const query = client.query.bind(client);
  const asActor = <T>(actor: string, work: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<T>) =>
    transaction(async (tx) => {
      await tx.query(SET_ACTOR, [actor]);
      return work(tx);
    });
  client.transaction = ((work) => {
    const actor = actorSetting();
    return actor ? asActor(actor, work) : transaction(work);
  }) as PGlite['transaction'];
  client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const actor = actorSetting();
    if (!actor || !writesAudited(text, audited)) return query(text, params, options);
    return asActor(actor, (tx) => tx.query(text, params, options));
  }) as PGlite['query'];
}

/**
 * PostgreSQL (a pool): a transaction's BEGIN carries the setting in the same round trip, and a
 * lone write to an audited table runs inside BEGIN … COMMIT on one connection.
 */
export function recordActorsOnPool(pool: Pool, audited: ReadonlySet<string>) {
  pool.on('connect', (client) => withActorOnBegin(client));
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  pool.query = (async (config: string | QueryConfig, values?: unknown, callback?: unknown) => {
    const text = typeof config === 'string' ? config : config.text;
    if (callback !== undefined || typeof values === 'function' || !actorSetting() || !writesAudited(text, audited)) {
      return (query as (...args: unknown[]) => unknown)(...[config, values, callback].filter((a) => a !== undefined));
    }
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await client.query(config as QueryConfig, values as unknown[]);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }) as Pool['query'];
}

function withActorOnBegin(client: PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as QueryConfig).text;
    const values = rest[0];
    const simple = !Array.isArray(values) || values.length === 0;
    const actor = simple && /^begin\b[^;]*$/i.test(text) ? actorSetting() : null;
    if (!actor) return query(config, ...rest);
    // A statement without parameters goes as a simple query, which may hold two statements.
    return query(`${text}; ${SET_ACTOR.replace('$1', client.escapeLiteral(actor))}`, ...rest.slice(1));
  }) as PoolClient['query'];
}
