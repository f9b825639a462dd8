import { parse } from "@conform-to/react";
import { describe, expect, expectTypeOf, it } from "vitest";
import { AppError, invalidField, notFound } from "#server/errors";
import { runIntent } from "./run-intent";

function submissionOf(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parse<Record<string, unknown>, string[]>(formData, { resolve: (payload) => ({ value: payload }) });
}

/** For the tests of a page whose address names no record. */
const NO_RECORD = { record: null };

async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("runIntent", () => {
  it("runs the submitted intent's handler with the rest of the form", async () => {
    const answer = await runIntent(
      submissionOf({ intent: "save", title: "Regatta" }),
      {
        save: async (input) => `saved ${String(input.title)} ${"intent" in input}`,
        cancel: async () => "cancelled",
      },
      NO_RECORD,
    );
    expect(answer).toBe("saved Regatta false");
  });

  it("answers 400 for a form the page does not have, or no intent at all", async () => {
    const handlers = { save: async () => "saved" };
    for (const fields of [{ intent: "delete" }, { intent: "constructor" }, {}] as Record<string, string>[]) {
      const refusal = await thrownBy(() => runIntent(submissionOf(fields), handlers, NO_RECORD));
      expect(refusal).toMatchObject({
        type: "DataWithResponseInit",
        data: "Unknown form",
        init: { status: 400 },
      });
    }
  });

  it("answers a refusal as the form's reply, with its status and without the hidden fields", async () => {
    const answer = await runIntent(
      submissionOf({ intent: "password", password: "secret", name: "Ada" }),
      {
        password: async () => {
          throw invalidField("password", "The password is wrong.");
        },
      },
      { record: null, hideFields: { password: ["password"] } },
    );
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: { error: { password: ["The password is wrong."] }, initialValue: { name: "Ada" }, reason: null },
    });
    expect(JSON.stringify(answer)).not.toContain("secret");
  });

  it("throws the page's 404 for a row out of reach, and rethrows real failures", async () => {
    const gone = await thrownBy(() =>
      runIntent(
        submissionOf({ intent: "save" }),
        {
          save: async () => {
            throw notFound("We could not find that event.");
          },
        },
        NO_RECORD,
      ),
    );
    expect(gone).toMatchObject({ data: "We could not find that event.", init: { status: 404 } });
    const failure = new Error("database gone");
    expect(
      await thrownBy(() =>
        runIntent(
          submissionOf({ intent: "save" }),
          {
            save: async () => {
              throw failure;
            },
          },
          NO_RECORD,
        ),
      ),
    ).toBe(failure);
  });

  it("keeps a refusal's reason for the page's banner", async () => {
    const answer = await runIntent(
      submissionOf({ intent: "approve" }),
      {
        approve: async () => {
          throw new AppError("conflict", "This event changed after you opened it.", { reason: "stale" });
        },
      },
      NO_RECORD,
    );
    expect(answer).toMatchObject({ init: { status: 409 }, data: { reason: "stale" } });
  });

  it("sends back a list's add, remove or move button as the form's reply, and runs nothing", async () => {
    const formData = new FormData();
    formData.set("intent", "save");
    formData.set("roster[0].name", "Ada");
    formData.set("__intent__", JSON.stringify({ type: "insert", payload: { name: "roster" } }));
    const listChange = parse<Record<string, unknown>, string[]>(formData, {
      resolve: (payload) => ({ value: payload }),
    });
    let ran = false;
    const answer = await runIntent(
      listChange,
      {
        save: async () => {
          ran = true;
          return "saved";
        },
      },
      NO_RECORD,
    );
    expect(ran).toBe(false);
    expect(answer).toMatchObject({ initialValue: { roster: [{ name: "Ada" }, undefined] } });
  });

  it("answers each handler's own type, beside the replies", async () => {
    const answer = await runIntent(
      submissionOf({ intent: "preview" }),
      {
        save: async () => new Response(null, { status: 303 }),
        preview: async () => ({ preview: { title: "Regatta" } }),
      },
      NO_RECORD,
    );
    if (answer instanceof Response || !("preview" in answer)) throw new Error("expected the preview");
    expectTypeOf(answer.preview).toEqualTypeOf<{ title: string }>();
    expect(answer.preview.title).toBe("Regatta");
  });

  describe("with the record the page's address names", () => {
    const outOfReach = async () => {
      throw notFound("We could not find that event.");
    };

    it("answers 404 for a record out of reach before anything the form says, and runs nothing", async () => {
      let ran = false;
      const handlers = {
        save: async () => {
          ran = true;
          return "saved";
        },
      };
      const listChange = new FormData();
      listChange.set("intent", "save");
      listChange.set("__intent__", JSON.stringify({ type: "insert", payload: { name: "roster" } }));
      const submissions = [
        submissionOf({ intent: "save" }),
        submissionOf({ intent: "no-such-form" }),
        submissionOf({}),
        parse<Record<string, unknown>, string[]>(listChange, { resolve: (payload) => ({ value: payload }) }),
      ];
      for (const submission of submissions) {
        const refusal = await thrownBy(() => runIntent(submission, handlers, { record: outOfReach }));
        expect(refusal).toMatchObject({ data: "We could not find that event.", init: { status: 404 } });
      }
      expect(ran).toBe(false);
    });

    it("answers 400 for an unknown form on a record within reach, and runs a known one after reading it", async () => {
      const read: string[] = [];
      const record = async () => {
        read.push("record");
        return { id: "event" };
      };
      const handlers = {
        save: async () => {
          read.push("save");
          return "saved";
        },
      };
      const unknown = await thrownBy(() =>
        runIntent(submissionOf({ intent: "delete" }), handlers, { record }),
      );
      expect(unknown).toMatchObject({ data: "Unknown form", init: { status: 400 } });
      expect(await runIntent(submissionOf({ intent: "save" }), handlers, { record })).toBe("saved");
      expect(read).toEqual(["record", "record", "save"]);
    });
  });
});
