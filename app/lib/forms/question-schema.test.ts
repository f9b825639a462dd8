import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import type { EventQuestion } from "#server/db/schema";
import { eventQuestions, settleQuestionIds } from "./question-schema";

/** A question as the editor posts it. */
const row = (overrides: Record<string, unknown> = {}) => ({
  id: "",
  scope: "rower",
  kind: "short",
  label: "Allergies?",
  labelTranslation: "Allergier?",
  required: "on",
  options: [],
  ...overrides,
});

const option = (label: string, labelTranslation = "") => ({ id: "", label, labelTranslation });

/** The messages of a refused list, by path. */
function messages(input: unknown): Record<string, string> {
  const result = z.safeParse(eventQuestions, input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the questions editor's rules", () => {
  it("keeps a question as the partner wrote it, the checkbox as a flag", () => {
    expect(z.parse(eventQuestions, [row()])).toEqual([
      {
        id: "",
        scope: "rower",
        kind: "short",
        label: "Allergies?",
        labelTranslation: "Allergier?",
        required: true,
        options: [],
      },
    ]);
    // An emptied list posts nothing.
    expect(z.parse(eventQuestions, undefined)).toEqual([]);
  });

  it("needs the question's label, under 200 characters", () => {
    expect(messages([row({ label: "", labelTranslation: "", options: [option("x")] })])).toEqual({
      "0.label": "Please write the question",
    });
    expect(messages([row({ label: "a".repeat(201) })])).toEqual({
      "0.label": "Please keep this under 200 characters",
    });
    expect(messages([row({ label: "", labelTranslation: "Allergier?" })])).toEqual({
      "0.label": "Please write the question",
    });
  });

  it("drops a question left blank", () => {
    expect(z.parse(eventQuestions, [row({ label: "", labelTranslation: "" }), row()])).toHaveLength(1);
  });

  it("needs a scope and a kind it knows", () => {
    expect(messages([row({ scope: "captain", kind: "essay" })])).toEqual({
      "0.scope": "Please choose who answers",
      "0.kind": "Please choose the kind of answer",
    });
  });

  it("needs at least 2 different options for one or several of a list", () => {
    for (const kind of ["one_of", "some_of"]) {
      expect(messages([row({ kind, options: [option("Small")] })])).toEqual({
        "0.options": "Please give at least 2 different options",
      });
      expect(messages([row({ kind, options: [option("Small"), option("small")] })])).toEqual({
        "0.options": "Each option must be different from the others",
      });
      expect(messages([row({ kind, options: [option("S"), option("M"), option("S")] })])).toEqual({
        "0.options": "Each option must be different from the others",
      });
      expect(messages([row({ kind, options: [option("S"), option("M")] })])).toEqual({});
    }
  });

  it("keeps options under 100 characters, with their main text before a translation", () => {
    expect(
      messages([row({ kind: "one_of", options: [option("a".repeat(101)), option("b")] })]),
    ).toMatchObject({ "0.options.0.label": "Please keep this under 100 characters" });
    expect(
      messages([row({ kind: "one_of", options: [option("", "Lille"), option("M"), option("L")] })]),
    ).toEqual({
      "0.options.0.label": "Write this in the main language too",
    });
  });

  it("takes at most 20 questions and 20 options", () => {
    expect(messages(Array.from({ length: 21 }, () => row()))).toEqual({
      "": "Please keep this list to 20 entries",
    });
    const many = Array.from({ length: 21 }, (_, index) => option(`Size ${index}`));
    expect(messages([row({ kind: "some_of", options: many })])).toMatchObject({
      "0.options": "Please keep this list to 20 entries",
    });
  });

  it("keeps no options on a kind without them, and drops blank options", () => {
    const [short] = z.parse(eventQuestions, [row({ options: [option("S"), option("M")] })]);
    expect(short?.options).toEqual([]);
    const [choice] = z.parse(eventQuestions, [
      row({ kind: "one_of", options: [option("S"), option(""), option("M")] }),
    ]);
    expect(choice?.options.map((item) => item.label)).toEqual(["S", "M"]);
  });

  it("refuses a forged id by forgetting it", () => {
    const [question] = z.parse(eventQuestions, [row({ id: "<script>" })]);
    expect(question?.id).toBe("");
  });
});

describe("question ids", () => {
  const known: EventQuestion = {
    id: "q-1",
    scope: "rower",
    kind: "one_of",
    label: "Size",
    labelTranslation: "",
    required: false,
    options: [
      { id: "o-1", label: "S", labelTranslation: "" },
      { id: "o-2", label: "M", labelTranslation: "" },
    ],
  };
  let next = 0;
  const newId = () => `new-${++next}`;

  it("stay while the kind stays, so an edited label keeps its answers", () => {
    const [kept] = settleQuestionIds([{ ...known, label: "T-shirt size" }], [known], newId);
    expect(kept?.id).toBe("q-1");
    expect(kept?.options.map((item) => item.id)).toEqual(["o-1", "o-2"]);
  });

  it("change with the kind or the scope, and for ids nobody knows or given twice", () => {
    const [changed] = settleQuestionIds([{ ...known, kind: "some_of" }], [known], newId);
    expect(changed?.id).not.toBe("q-1");
    expect(changed?.options.some((item) => item.id === "o-1")).toBe(false);
    const [team] = settleQuestionIds([{ ...known, scope: "team" }], [known], newId);
    expect(team?.id).not.toBe("q-1");
    const [unknown] = settleQuestionIds([{ ...known, id: "q-9" }], [known], newId);
    expect(unknown?.id).not.toBe("q-9");
    const twice = settleQuestionIds([known, known], [known], newId);
    expect(new Set(twice.map((question) => question.id)).size).toBe(2);
  });
});
