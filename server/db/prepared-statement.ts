import type { Database } from "./client";

/**
 * A statement built once per database handle instead of on every call. Building a
 * Drizzle query walks every column and condition, which on a hot path costs more of
 * Node's CPU than sending it; `build` returns a prepared query (`.prepare(name)`, its
 * values `sql.placeholder`s), whose name also lets each PostgreSQL connection parse and
 * plan it once rather than per execution. PGlite ignores the name.
 *
 * Kept per object given, which should be the handle's `db`: a statement built on it runs
 * on the handle's pool, outside any transaction. Given a transaction, it would be built
 * for that transaction alone, correct but no cheaper.
 */
export function preparedStatement<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
