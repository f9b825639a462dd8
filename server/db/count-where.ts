import { sql, type SQL } from "drizzle-orm";

/**
 * Rows of the query that also match `condition`, so one scan yields several figures.
 * PostgreSQL counts as bigint, which node-postgres returns as text; mapWith makes it a
 * number on both drivers.
 */
export function countWhere(condition: SQL | undefined) {
  return sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);
}
