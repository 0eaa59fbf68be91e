import type { Db } from './client.ts';

/**
 * A query built once per database (or transaction) by `build`, which ends it with `.prepare(name)`:
 * the query builder's work is not paid on every call, and as a named prepared statement PostgreSQL
 * parses and plans it once per connection. For the statements every request of a hot call sends
 * (bench:http; docs/decisions/database.md, "Statements on the hot path are prepared once").
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
