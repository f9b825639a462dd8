import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { isPoolExhausted } from "./pool-exhausted";

describe("isPoolExhausted", () => {
  it("recognises pg-pool's timeouts, also inside Drizzle's query error", () => {
    const waited = new Error("timeout exceeded when trying to connect");
    expect(isPoolExhausted(waited)).toBe(true);
    expect(isPoolExhausted(new DrizzleQueryError("select 1", [], waited))).toBe(true);
    const connecting = new Error("Connection terminated due to connection timeout", {
      cause: new Error("Connection terminated unexpectedly"),
    });
    expect(isPoolExhausted(connecting)).toBe(true);
  });

  it("leaves every other failure alone", () => {
    expect(isPoolExhausted(new Error('relation "users" does not exist'))).toBe(false);
    expect(isPoolExhausted(new DrizzleQueryError("select 1", [], new Error("deadlock detected")))).toBe(
      false,
    );
    expect(isPoolExhausted("timeout exceeded when trying to connect")).toBe(false);
    expect(isPoolExhausted(null)).toBe(false);
  });
});
