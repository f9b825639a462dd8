import { describe, expect, it } from "vitest";
import { forbidden, notFound } from "#server/errors";
import { orNotFound } from "./respond";

async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("orNotFound", () => {
  it("gives what the read found", async () => {
    expect(await orNotFound(Promise.resolve({ id: 1 }))).toEqual({ id: 1 });
    expect(await orNotFound(Promise.resolve(0), "Nothing here.")).toBe(0);
  });

  it("turns a not_found refusal into the 404 page with its message", async () => {
    const answer = await thrownBy(() =>
      orNotFound(Promise.reject(notFound("We could not find that event."))),
    );
    expect(answer).toMatchObject({ data: "We could not find that event.", init: { status: 404 } });
  });

  it("turns nothing found into the 404 page when told what is missing", async () => {
    const answer = await thrownBy(() => orNotFound(Promise.resolve(null), "We could not find that person."));
    expect(answer).toMatchObject({ data: "We could not find that person.", init: { status: 404 } });
    expect(await orNotFound(Promise.resolve(null))).toBeNull();
  });

  it("rethrows every other error as it is", async () => {
    const refusal = forbidden();
    expect(await thrownBy(() => orNotFound(Promise.reject(refusal)))).toBe(refusal);
    const failure = new Error("database gone");
    expect(await thrownBy(() => orNotFound(Promise.reject(failure)))).toBe(failure);
  });
});
