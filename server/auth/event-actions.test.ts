import { describe, expect, it } from "vitest";
import type { Actor } from "./actor";
import { assertEventAction, eventActions, type EventAction } from "./event-actions";

const OWN_PARTNER = "11111111-1111-4111-8111-111111111111";
const OTHER_PARTNER = "22222222-2222-4222-8222-222222222222";

const member: Actor = { userId: "member-1", role: "partner", partnerIds: [OWN_PARTNER] };
const otherMember: Actor = { userId: "member-2", role: "partner", partnerIds: [OTHER_PARTNER] };
const admin: Actor = { userId: "admin-1", role: "admin", partnerIds: [] };

const NOW = new Date("2027-05-01T10:00:00Z");
const LATER = new Date("2027-06-01T10:00:00Z");
const EARLIER = new Date("2027-04-01T10:00:00Z");

type Status = "draft" | "pending_review" | "changes_requested" | "published" | "cancelled";
type RevisionStatus = "draft" | "pending_review" | "changes_requested";

const event = (status: Status, { published = false, started = false } = {}) => ({
  partnerId: OWN_PARTNER,
  status,
  startsAt: started ? EARLIER : LATER,
  publishedAt: published ? EARLIER : null,
});
const revision = (status: RevisionStatus) => ({ status });

/** The buttons a page shows, as one short line per state. */
function offered(
  actor: Actor,
  facts: Parameters<typeof eventActions>[1],
  change: Parameters<typeof eventActions>[2],
  now: Date,
) {
  const can = eventActions(actor, facts, change, now);
  return {
    edit: can.edit,
    submit: can.submit,
    cancel: can.cancel,
    delete: can.delete,
    unpublish: can.unpublish,
    review: can.approve && can.requestChanges,
  };
}

describe("eventActions for the partner who runs the event", () => {
  it.each([
    ["a draft", event("draft"), null, { edit: true, submit: "event", cancel: false, delete: true }],
    [
      "an event in review",
      event("pending_review"),
      null,
      { edit: true, submit: null, cancel: false, delete: false },
    ],
    [
      "a never-published event sent back",
      event("changes_requested"),
      null,
      { edit: true, submit: "event", cancel: false, delete: true },
    ],
    [
      "an unpublished event",
      event("changes_requested", { published: true }),
      null,
      { edit: true, submit: "event", cancel: true, delete: false },
    ],
    [
      "a published event",
      event("published", { published: true }),
      null,
      { edit: true, submit: null, cancel: true, delete: false },
    ],
    [
      "a published event with a saved change",
      event("published", { published: true }),
      revision("draft"),
      { edit: true, submit: "change", cancel: true, delete: false },
    ],
    [
      "a published event whose change was sent back",
      event("published", { published: true }),
      revision("changes_requested"),
      { edit: true, submit: "change", cancel: true, delete: false },
    ],
    [
      "a published event with a change in review",
      event("published", { published: true }),
      revision("pending_review"),
      { edit: true, submit: null, cancel: true, delete: false },
    ],
    [
      "a published event that has started",
      event("published", { published: true, started: true }),
      revision("draft"),
      { edit: false, submit: null, cancel: false, delete: false },
    ],
    [
      "a draft whose date has passed",
      event("draft", { started: true }),
      null,
      { edit: false, submit: null, cancel: false, delete: true },
    ],
    [
      "a cancelled event",
      event("cancelled", { published: true }),
      null,
      { edit: false, submit: null, cancel: false, delete: false },
    ],
  ] as const)("%s", (_name, facts, change, expected) => {
    expect(offered(member, facts, change, NOW)).toEqual({ ...expected, unpublish: false, review: false });
  });

  it("offers nothing to another partner's member", () => {
    expect(offered(otherMember, event("draft"), null, NOW)).toEqual({
      edit: false,
      submit: null,
      cancel: false,
      delete: false,
      unpublish: false,
      review: false,
    });
  });
});

describe("eventActions for an admin", () => {
  it.each([
    [
      "a new event in review",
      event("pending_review"),
      null,
      { awaiting: "event", review: true, unpublish: false },
    ],
    [
      "a change in review",
      event("published", { published: true }),
      revision("pending_review"),
      { awaiting: "change", review: true, unpublish: true },
    ],
    [
      "a published event with nothing in review",
      event("published", { published: true }),
      revision("draft"),
      { awaiting: null, review: false, unpublish: true },
    ],
    [
      "an unpublished event whose change was in review",
      event("changes_requested", { published: true }),
      revision("pending_review"),
      { awaiting: null, review: false, unpublish: false },
    ],
    [
      "an event in review that has started",
      event("pending_review", { started: true }),
      null,
      { awaiting: "event", review: false, unpublish: false },
    ],
    [
      "a published event that has started",
      event("published", { published: true, started: true }),
      null,
      { awaiting: null, review: false, unpublish: false },
    ],
  ] as const)("%s", (_name, facts, change, expected) => {
    const can = eventActions(admin, facts, change, NOW);
    expect({
      awaiting: can.awaiting,
      review: can.approve && can.requestChanges,
      unpublish: can.unpublish,
    }).toEqual(expected);
  });

  it("never lets a partner review or unpublish, even their own event", () => {
    const can = eventActions(member, event("pending_review"), null, NOW);
    expect([can.approve, can.requestChanges, can.unpublish]).toEqual([false, false, false]);
  });
});

describe("assertEventAction", () => {
  const refusal = (action: EventAction, actor: Actor, facts: ReturnType<typeof event>) => {
    try {
      assertEventAction(action, actor, facts, null, NOW);
      return null;
    } catch (error) {
      if (error instanceof Error) return error;
      throw error;
    }
  };

  it("refuses with the commands' messages", () => {
    expect(refusal("edit", member, event("cancelled", { published: true }))?.message).toBe(
      "This event has been cancelled, so it can no longer be changed.",
    );
    expect(refusal("submit", member, event("draft", { started: true }))?.message).toBe(
      "This event has started, so it can no longer be changed.",
    );
    expect(refusal("submit", member, event("pending_review"))?.message).toMatch(/^Only a draft/);
    expect(refusal("cancel", member, event("draft"))?.message).toBe(
      "This event has never been published, so there is nothing to cancel and no one to tell.",
    );
    expect(refusal("delete", member, event("pending_review"))?.message).toBe(
      "This event is in review. It can be deleted once RCL has sent it back.",
    );
    expect(refusal("delete", member, event("published", { published: true }))?.message).toBe(
      "This event has been published, so it is cancelled rather than deleted.",
    );
    expect(refusal("unpublish", admin, event("cancelled", { published: true }))?.message).toBe(
      "Only a published event can be unpublished.",
    );
    expect(refusal("approve", admin, event("draft"))?.message).toBe("This event is not waiting for review.");
    expect(refusal("approve", member, event("pending_review"))?.message).toBe(
      "Only RCL admins review events.",
    );
  });

  it("accepts exactly what eventActions offers", () => {
    expect(refusal("delete", member, event("draft"))).toBeNull();
    expect(refusal("approve", admin, event("pending_review"))).toBeNull();
  });
});
