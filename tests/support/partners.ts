import { randomUUID } from "node:crypto";
import type { Database } from "#server/db/client";
import { partners } from "#server/db/schema";

/**
 * An approved partner named `name`, with a slug of its own on every call; pass what the
 * test is about in `overrides`.
 */
export async function createTestPartner(
  db: Database,
  name: string,
  overrides: Partial<typeof partners.$inferInsert> = {},
) {
  const [partner] = await db
    .insert(partners)
    .values({
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomUUID().slice(0, 8)}`,
      name,
      location: "Copenhagen",
      description: `${name} hosts test events`,
      status: "approved",
      ...overrides,
    })
    .returning();
  if (!partner) throw new Error("The test partner was not stored.");
  return partner;
}
