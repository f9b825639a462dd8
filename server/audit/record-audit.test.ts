import { describe, expect, it } from "vitest";
import { changedFields } from "./record-audit";

describe("changedFields", () => {
  it("lists only the fields whose values differ, with both values", () => {
    expect(
      changedFields({ name: "Old", featured: false, tier: "basic" }, { name: "New", featured: false }),
    ).toEqual({
      name: { before: "Old", after: "New" },
    });
  });

  it("compares objects by content, whatever the order of their keys", () => {
    const stored = { testimonials: [{ position: "CEO", name: "Ann", comment: "Great" }] };
    expect(
      changedFields(stored, { testimonials: [{ name: "Ann", position: "CEO", comment: "Great" }] }),
    ).toEqual({});
    expect(changedFields(stored, { testimonials: [] })).toEqual({
      testimonials: { before: stored.testimonials, after: [] },
    });
  });

  it("leaves out fields the change does not set", () => {
    expect(changedFields({ name: "Same" }, { name: undefined })).toEqual({});
  });
});
