import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { consumeRateLimit, releaseRateLimit } from "#server/security/rate-limit";
import { createTestDatabase, testDatabaseKind } from "../support/database";

const MINUTE = 60 * 1000;
const rule = { limit: 2, windowMs: 10 * MINUTE };

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

// consumeRateLimit's statement is built once and reused with new values on every call.
describe(`rate limits on ${testDatabaseKind}`, () => {
  const start = new Date("2026-11-21T12:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);

  it("allows the limit's hits in a window, refuses the next until the window has passed", async () => {
    expect(await consumeRateLimit(database.db, "test:a", rule, start)).toEqual({
      allowed: true,
      retryAfterSeconds: 600,
    });
    expect(await consumeRateLimit(database.db, "test:a", rule, at(MINUTE))).toEqual({
      allowed: true,
      retryAfterSeconds: 540,
    });
    expect(await consumeRateLimit(database.db, "test:a", rule, at(2 * MINUTE))).toEqual({
      allowed: false,
      retryAfterSeconds: 480,
    });
    // Another key counts on its own.
    expect((await consumeRateLimit(database.db, "test:b", rule, at(2 * MINUTE))).allowed).toBe(true);
  });

  it("starts a new window, counting from one, once the old one has passed", async () => {
    expect(await consumeRateLimit(database.db, "test:a", rule, at(10 * MINUTE + 1000))).toEqual({
      allowed: true,
      retryAfterSeconds: 600,
    });
    expect((await consumeRateLimit(database.db, "test:a", rule, at(11 * MINUTE))).allowed).toBe(true);
    expect(await consumeRateLimit(database.db, "test:a", rule, at(12 * MINUTE))).toEqual({
      allowed: false,
      retryAfterSeconds: 481,
    });
  });

  it("gives attempts back, the refused one counted too", async () => {
    await releaseRateLimit(database.db, "test:a");
    expect((await consumeRateLimit(database.db, "test:a", rule, at(13 * MINUTE))).allowed).toBe(false);
    await releaseRateLimit(database.db, "test:a");
    await releaseRateLimit(database.db, "test:a");
    expect((await consumeRateLimit(database.db, "test:a", rule, at(14 * MINUTE))).allowed).toBe(true);
  });
});
