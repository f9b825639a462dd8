import { sql, type SQLWrapper } from "drizzle-orm";
import type { Database } from "#server/db/client";

/** The plan PostgreSQL picks for a query when table scans and ordered index walks are priced out. */
export async function planOf(db: Database, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    // Priced out, so the indexes this query shape can use show: a table scan, which is
    // cheapest on a small table, and walking an index in the page's order, which PGlite's
    // planner prefers for a page query whatever the search.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    // PGlite and node-postgres both answer with `rows`; the shared Database type does not say so.
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    return result.rows.map((row) => String(row["QUERY PLAN"])).join("\n");
  });
}
