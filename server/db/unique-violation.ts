/**
 * The unique index an insert or update ran into, or null for any other error. Drizzle
 * wraps the driver's error (node-postgres or PGlite, both with PostgreSQL's fields) as
 * `cause`, so the chain is followed a few links.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let link = error, depth = 0; link && typeof link === "object" && depth < 4; depth += 1) {
    const { code, constraint, cause } = link as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
    link = cause;
  }
  return null;
}
