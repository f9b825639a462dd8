import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { discountCodes } from "#server/db/schema";
import { claimCode } from "../support/discounts";
import { isAppError } from "#server/errors";
import { createTestDatabase } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestPartner } from "../support/partners";

// A code's limit under real concurrency is a PostgreSQL property: PGlite runs one query at a time.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("discount codes under concurrency on postgres", () => {
  const now = new Date("2027-05-03T10:00:00Z");
  let database: DatabaseHandle;
  /** A second pool on the same database, wide enough that the claims really overlap. */
  let wide: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.pool?.options.connectionString;
    if (!url) throw new Error("The PostgreSQL test database has no connection string.");
    wide = await openDatabase({ kind: "postgres", url, poolMax: 50, poolTimeoutMs: 60_000 });
  });

  afterAll(async () => {
    await wide?.close();
    await database?.close();
  });

  it("gives a code with a limit of 10 to exactly 10 of 100 concurrent bookings", async () => {
    const partner = await createTestPartner(database.db, "Race Club");
    const event = await createTestEvent(database.db, partner.id, { now, priceMinor: 400_000 });
    const [code] = await database.db
      .insert(discountCodes)
      .values({ partnerId: partner.id, code: "RACE-10", kind: "percent", percent: 10, maxUses: 10 })
      .returning();
    if (!code) throw new Error("The code was not stored.");

    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () =>
        wide.db
          .transaction(async (tx) => {
            const claimed = await claimCode(
              tx,
              "race-10",
              { id: event.id, partnerId: partner.id, priceMinor: event.priceMinor },
              { now },
            );
            // Held open a moment, as a booking's transaction is, so the others queue on the row.
            await tx.execute("select pg_sleep(0.01)");
            return claimed;
          })
          .then(
            (claimed) => ({ ok: true as const, claimed }),
            (error: unknown) => ({ ok: false as const, error }),
          ),
      ),
    );

    const succeeded = outcomes.filter((outcome) => outcome.ok);
    const refused = outcomes.filter((outcome) => !outcome.ok);
    expect(succeeded).toHaveLength(10);
    expect(succeeded.every((outcome) => outcome.ok && outcome.claimed.discountMinor === 40_000)).toBe(true);
    expect(refused).toHaveLength(90);
    for (const outcome of refused) {
      if (outcome.ok) continue;
      expect(isAppError(outcome.error) && outcome.error.fields.discountCode, String(outcome.error)).toBe(
        "This discount code has been used up.",
      );
    }
    const [after] = await database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(after?.uses).toBe(10);
  });
});
