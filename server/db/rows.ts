import { and, eq, type Column, type SQL } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import type { Database } from "./client";
import type { events, teamRegistrations } from "./schema";

/**
 * Rows and the transaction handles that commands of several domains pass to each other,
 * named once beside the schema they come from.
 */
export type EventRow = typeof events.$inferSelect;
export type TeamRegistration = typeof teamRegistrations.$inferSelect;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A Drizzle database or transaction: anything that can run a statement. */
export type SqlRunner = Pick<Database, "execute" | "_">;

/**
 * The row an insert, or an update of a row the transaction holds locked, returned
 * (`.returning().then(returnedRow)`). None is a fault of the code, not of the request.
 */
export function returnedRow<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error("The statement returned no row.");
  return row;
}

type LockableSelect<Row> = PromiseLike<Row[]> & { for(strength: "update"): PromiseLike<Row[]> };

/**
 * A loader of one row by id within what the actor may reach (a scope of
 * server/auth/policies.ts), locked for the rest of the transaction when `forUpdate`. A
 * malformed id, an unknown one and one outside the scope are alike `missing()`, so
 * another partner's row looks like no row at all.
 */
export function scopedLoader<Row>({
  select,
  id: idColumn,
  scope,
  missing,
}: {
  select: (db: Database) => { where(condition: SQL | undefined): LockableSelect<Row> };
  id: Column;
  scope: (actor: Actor) => SQL | undefined;
  missing: () => Error;
}) {
  return async (
    db: Database,
    actor: Actor,
    id: unknown,
    { forUpdate = false }: { forUpdate?: boolean } = {},
  ): Promise<Row> => {
    if (!isUuid(id)) throw missing();
    const query = select(db).where(and(eq(idColumn, id), scope(actor)));
    const [row] = forUpdate ? await query.for("update") : await query;
    if (!row) throw missing();
    return row;
  };
}
