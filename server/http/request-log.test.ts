import { describe, expect, it } from "vitest";
import { loggedPath, requestIdOf } from "./request-log";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("requestIdOf", () => {
  it("makes a new UUID for each request without an id", () => {
    const first = requestIdOf(undefined, 1);
    expect(first).toMatch(UUID);
    expect(requestIdOf(undefined, 1)).not.toBe(first);
  });

  it("keeps a trusted proxy's id when it looks like one", () => {
    for (const id of [
      "0b7c6f8e-1d2a-4c3b-9e8f-7a6b5c4d3e2f",
      "f3a9c2",
      "Root=1-5759e988-bd862e3f",
      "edge.42:7",
    ]) {
      expect(requestIdOf(id, 1)).toBe(id);
    }
  });

  it("ignores the header when no proxy is trusted: the client sent it", () => {
    expect(requestIdOf("client-chosen-id", 0)).toMatch(UUID);
  });

  it.each([
    ["a line break", "abc\nlevel=error"],
    ["a space", "abc def"],
    ["quotes", 'abc"def'],
    ["HTML", "<script>"],
    ["an empty value", ""],
    ["129 characters", "a".repeat(129)],
  ])("replaces an id with %s", (_label, id) => {
    expect(requestIdOf(id, 1)).toMatch(UUID);
  });
});

describe("loggedPath", () => {
  it("keeps ordinary paths", () => {
    expect(loggedPath("/events/riverside-team-racing")).toBe("/events/riverside-team-racing");
    expect(loggedPath("/reset-password")).toBe("/reset-password");
    expect(loggedPath("/api/auth/verify-email")).toBe("/api/auth/verify-email");
    expect(loggedPath("/invitations")).toBe("/invitations");
  });

  it("hides the token of an invitation link, its data request's too", () => {
    expect(loggedPath("/invitations/Xk29fQ0pLmN3")).toBe("/invitations/[redacted]");
    expect(loggedPath("/invitations/Xk29fQ0pLmN3.data")).toBe("/invitations/[redacted].data");
    // The router reaches the page these ways too.
    expect(loggedPath("/invitations/Xk29fQ0pLmN3/")).toBe("/invitations/[redacted]/");
    expect(loggedPath("/INVITATIONS/Xk29fQ0pLmN3")).toBe("/INVITATIONS/[redacted]");
  });

  it("hides the token of better-auth's reset link", () => {
    expect(loggedPath("/api/auth/reset-password/QmF0Y2hUb2tlbg")).toBe("/api/auth/reset-password/[redacted]");
  });
});
