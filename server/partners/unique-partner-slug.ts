import { like, or, eq } from "drizzle-orm";
import { slugify } from "~/lib/slugs";
import type { Database } from "#server/db/client";
import { partners } from "#server/db/schema";

/**
 * A free slug for a partner named `name`: the name's own, or with -2, -3… when taken.
 * Runs in the creating transaction; the unique index settles a race between two.
 */
export async function uniquePartnerSlug(tx: Database, name: string): Promise<string> {
  const base = slugify(name) || "partner";
  const taken = new Set(
    (
      await tx
        .select({ slug: partners.slug })
        .from(partners)
        .where(or(eq(partners.slug, base), like(partners.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
