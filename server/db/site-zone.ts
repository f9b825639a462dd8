import { sql } from "drizzle-orm";
import { SITE_TIME_ZONE } from "~/lib/dates";

/**
 * The site's time zone as SQL text, for `… at time zone` in queries that group by
 * Copenhagen days, weeks or months. It is written into the statement rather than bound,
 * so the expression in the select list and in GROUP BY is the same text, which
 * PostgreSQL requires.
 */
export const SITE_ZONE_SQL = sql.raw(`'${SITE_TIME_ZONE}'`);
