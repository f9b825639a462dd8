import { describe, expect, it } from "vitest";
import { statementName } from "./sql-executor";

describe("statementName", () => {
  it("names a text with values the same every time, and each text differently", () => {
    const insert = statementName("insert into q values ($1)", [1]);
    expect(insert).toMatch(/^job_queue_\d+$/);
    expect(statementName("insert into q values ($1)", [2])).toBe(insert);
    expect(statementName("delete from q where id = $1", [1])).not.toBe(insert);
  });

  it("leaves a text without values unnamed: it may hold several statements", () => {
    expect(statementName("select 1; select 2", [])).toBeUndefined();
  });

  it("stops naming new texts past its limit, still naming those it knows", () => {
    const known = statementName("insert into q values ($1)", [1]);
    const names = Array.from({ length: 40 }, (_, index) => statementName(`select $1 + ${index}`, [1]));
    expect(names.filter((name) => name === undefined).length).toBeGreaterThan(0);
    expect(new Set(names.filter(Boolean)).size).toBe(names.filter(Boolean).length);
    expect(statementName("insert into q values ($1)", [1])).toBe(known);
  });
});
