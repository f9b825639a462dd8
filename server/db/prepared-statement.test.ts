import { describe, expect, it } from "vitest";
import type { Database } from "./client";
import { preparedStatement } from "./prepared-statement";

// Stand-ins: the helper only keeps what `build` returns per object it is given.
const handle = () => ({}) as unknown as Database;

describe("preparedStatement", () => {
  it("builds once per database handle and hands the same statement back", () => {
    let builds = 0;
    const statement = preparedStatement((db) => ({ db, build: ++builds }));
    const db = handle();
    const first = statement(db);
    expect(statement(db)).toBe(first);
    expect(first).toEqual({ db, build: 1 });
    expect(builds).toBe(1);
  });

  it("builds a statement of its own for each handle, bound to that handle", () => {
    const statement = preparedStatement((db) => ({ db }));
    const one = handle();
    const other = handle();
    expect(statement(one).db).toBe(one);
    expect(statement(other).db).toBe(other);
  });
});
