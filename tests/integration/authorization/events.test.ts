import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import { auditLog, eventRevisions, events, profiles, teamRegistrations } from "#server/db/schema";
import { approveEvent } from "#server/events/approve-event";
import { cancelEvent } from "#server/events/cancel-event";
import { createEvent } from "#server/events/create-event";
import { requestEventChanges } from "#server/events/request-event-changes";
import { submitEvent } from "#server/events/submit-event";
import { unpublishEvent } from "#server/events/unpublish-event";
import { updateEvent } from "#server/events/update-event";
import { createAccount } from "../../support/accounts";
import { eventForm, flatEventForm, refusalOf, type EventFormInput } from "../../support/event-publishing";
import { createTestEvent } from "../../support/events";
import {
  actorOf,
  allowed,
  castForThisFile,
  cookieOf,
  forEachActor,
  loginLocation,
  refused,
  servicesOf,
  signedInOnly,
  visit,
  type ActorKind,
  type AuthorizationCase,
  type Cast,
  type Outcome,
  type Target,
} from "./support";

const cast = castForThisFile();

// Events belong to a partner: the "owner" of a target is the host partner's member, so
// "owner" and "partner" both act for the event's own partner here.

type EventStatus = "draft" | "pending_review" | "published";

type EventTarget = Target & { eventId: string; slug: string; version: number; form: EventFormInput };

/** A fresh event of the host partner in `status`, for one actor's request. */
async function hostEvent(theCast: Cast, status: EventStatus): Promise<EventTarget> {
  const form = eventForm();
  const event = await createTestEvent(theCast.site.database.db, theCast.hostPartnerId, {
    slug: form.slug,
    title: form.title,
    status,
    submittedAt: status === "pending_review" ? new Date() : null,
    publishedAt: status === "published" ? new Date() : null,
  });
  // The editor's form as the edit page would fill it: the event's address and title, valid values.
  return {
    owner: theCast.accounts.partner,
    eventId: event.id,
    slug: event.slug,
    version: event.version,
    form,
  };
}

/** Every row a command on the event could change. */
async function eventSnapshot(theCast: Cast, target: EventTarget) {
  const { db } = theCast.site.database;
  return {
    event: await db.select().from(events).where(eq(events.id, target.eventId)),
    revision: await db.select().from(eventRevisions).where(eq(eventRevisions.eventId, target.eventId)),
    registrations: await db
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, target.eventId))
      .orderBy(asc(teamRegistrations.id)),
    audit: await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, target.eventId))
      .orderBy(asc(auditLog.id)),
  };
}
type EventSnapshot = Awaited<ReturnType<typeof eventSnapshot>>;

async function statusOf(theCast: Cast, target: EventTarget) {
  const [row] = await theCast.site.database.db
    .select({ status: events.status, title: events.title })
    .from(events)
    .where(eq(events.id, target.eventId));
  return row;
}

// ── What each actor gets ───────────────────────────────────────────────────────────

/**
 * The partner area's pages for one event: the event's own partner and admins are let in;
 * another partner's member gets the 404 an unknown id gets; people outside the partner
 * area are sent to their dashboard (spec §6), signed-out visitors to sign in.
 */
const eventOwnersOnly = (outcome: Outcome) =>
  signedInOnly(refused(302), {
    owner: outcome,
    partner: outcome,
    admin: outcome,
    "other partner": refused(404),
  });

/** The admin's review pages: everyone else is sent to their own dashboard (spec §6). */
const adminOnly = (outcome: Outcome) => signedInOnly(refused(302), { admin: outcome });

// ── The partner's pages ────────────────────────────────────────────────────────────

const editPath = (id: string) => `/dashboard/partner/events/${id}`;

const opening: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "opening an event in the editor",
  arrange: (theCast) => hostEvent(theCast, "draft"),
  request: ({ eventId }) => ({ path: editPath(eventId) }),
  snapshot: eventSnapshot,
  expected: eventOwnersOnly(allowed(200)),
};

const previewing: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "previewing an event",
  arrange: (theCast) => hostEvent(theCast, "draft"),
  request: ({ eventId }) => ({ path: `${editPath(eventId)}/preview` }),
  snapshot: eventSnapshot,
  expected: eventOwnersOnly(allowed(200)),
};

const duplicating: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "duplicating an event",
  arrange: (theCast) => hostEvent(theCast, "published"),
  request: ({ eventId }) => ({ path: `/dashboard/partner/events/new?from=${eventId}` }),
  snapshot: eventSnapshot,
  expected: eventOwnersOnly(allowed(200)),
};

const saving: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "saving an event's editor",
  arrange: (theCast) => hostEvent(theCast, "draft"),
  request: ({ eventId, form }) => ({
    path: editPath(eventId),
    form: { intent: "save", ...flatEventForm({ ...form, title: `${form.title} edited` }) },
  }),
  snapshot: eventSnapshot,
  expected: eventOwnersOnly(allowed(303)),
  async verify({ cast: theCast, target }) {
    expect((await statusOf(theCast, target))?.title).toBe(`${target.form.title} edited`);
  },
};

const submitting: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "submitting an event for review",
  arrange: (theCast) => hostEvent(theCast, "draft"),
  request: ({ eventId }) => ({ path: editPath(eventId), form: { intent: "submit", eventId } }),
  snapshot: eventSnapshot,
  expected: eventOwnersOnly(allowed(303)),
  async verify({ cast: theCast, target }) {
    expect((await statusOf(theCast, target))?.status).toBe("pending_review");
  },
};

const cancelling: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "cancelling a published event",
  arrange: (theCast) => hostEvent(theCast, "published"),
  request: ({ eventId }) => ({
    path: editPath(eventId),
    form: { intent: "cancel", reason: "The harbour is closed that day.", confirm: "on" },
  }),
  snapshot: eventSnapshot,
  expected: eventOwnersOnly(allowed(303)),
  async verify({ cast: theCast, target }) {
    expect((await statusOf(theCast, target))?.status).toBe("cancelled");
  },
};

// The event is read before the form: another partner's id is "not found" whatever is sent,
// a form the page does not have or a reason left out, and only who may see it hears 400.
const unknownForm: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "sending the editor a form it does not have",
  arrange: (theCast) => hostEvent(theCast, "published"),
  request: ({ eventId }) => ({ path: editPath(eventId), form: { intent: "no-such-form" } }),
  snapshot: eventSnapshot,
  expected: eventOwnersOnly(refused(400)),
};

const cancellingWithoutReason: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "cancelling a published event without a reason",
  arrange: (theCast) => hostEvent(theCast, "published"),
  request: ({ eventId }) => ({ path: editPath(eventId), form: { intent: "cancel" } }),
  snapshot: eventSnapshot,
  expected: eventOwnersOnly(refused(400)),
};

// ── The admin's review ─────────────────────────────────────────────────────────────

const reviewPath = (id: string) => `/dashboard/admin/events/${id}`;

const approving: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "approving an event",
  arrange: (theCast) => hostEvent(theCast, "pending_review"),
  request: ({ eventId, version }) => ({
    path: reviewPath(eventId),
    form: { intent: "approve", version: String(version) },
  }),
  snapshot: eventSnapshot,
  // Its own partner too: a partner never approves their own event.
  expected: adminOnly(allowed(303)),
  async verify({ cast: theCast, target }) {
    expect((await statusOf(theCast, target))?.status).toBe("published");
  },
};

const requestingChanges: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "requesting changes to an event",
  arrange: (theCast) => hostEvent(theCast, "pending_review"),
  request: ({ eventId, version }) => ({
    path: reviewPath(eventId),
    form: { intent: "request-changes", note: "Please add the meeting point.", version: String(version) },
  }),
  snapshot: eventSnapshot,
  expected: adminOnly(allowed(303)),
  async verify({ cast: theCast, target }) {
    expect((await statusOf(theCast, target))?.status).toBe("changes_requested");
  },
};

const unpublishing: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "unpublishing an event",
  arrange: (theCast) => hostEvent(theCast, "published"),
  request: ({ eventId }) => ({
    path: reviewPath(eventId),
    form: { intent: "unpublish", reason: "The venue has not confirmed.", confirm: "on" },
  }),
  snapshot: eventSnapshot,
  expected: adminOnly(allowed(303)),
  async verify({ cast: theCast, target }) {
    expect((await statusOf(theCast, target))?.status).toBe("changes_requested");
  },
};

const adminCancelling: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "cancelling an event from the review page",
  arrange: (theCast) => hostEvent(theCast, "published"),
  request: ({ eventId }) => ({
    path: reviewPath(eventId),
    form: { intent: "cancel", reason: "The partner's insurance has lapsed.", confirm: "on" },
  }),
  snapshot: eventSnapshot,
  expected: adminOnly(allowed(303)),
  async verify({ cast: theCast, target }) {
    expect((await statusOf(theCast, target))?.status).toBe("cancelled");
  },
};

const openingReview: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "opening an event's review page",
  arrange: (theCast) => hostEvent(theCast, "pending_review"),
  request: ({ eventId }) => ({ path: reviewPath(eventId) }),
  snapshot: eventSnapshot,
  expected: adminOnly(allowed(200)),
};

const reviewList: AuthorizationCase<EventTarget, EventSnapshot> = {
  name: "opening the admin's events list",
  arrange: (theCast) => hostEvent(theCast, "pending_review"),
  request: () => ({ path: "/dashboard/admin/events" }),
  snapshot: eventSnapshot,
  expected: adminOnly(allowed(200)),
};

describe("the partner's event pages", () => {
  forEachActor(opening, cast);
  forEachActor(previewing, cast);
  forEachActor(duplicating, cast);
  forEachActor(saving, cast);
  forEachActor(submitting, cast);
  forEachActor(cancelling, cast);
  forEachActor(unknownForm, cast);
  forEachActor(cancellingWithoutReason, cast);
});

describe("the admin's event review", () => {
  forEachActor(openingReview, cast);
  forEachActor(reviewList, cast);
  forEachActor(approving, cast);
  forEachActor(requestingChanges, cast);
  forEachActor(unpublishing, cast);
  forEachActor(adminCancelling, cast);

  it.each<[ActorKind, string]>([
    ["partner", "/dashboard"],
    ["other partner", "/dashboard"],
    ["user", "/dashboard"],
    ["signed out", loginLocation("/dashboard/admin/events")],
  ])("sends %s away from /dashboard/admin/events to %s", async (who, location) => {
    const theCast = cast();
    const response = await visit(theCast.site, "/dashboard/admin/events", cookieOf(theCast, who));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
  });
});

// ── The commands themselves ────────────────────────────────────────────────────────

describe("the event commands refuse what the actor may not do", () => {
  const services = () => servicesOf(cast());

  const update = (actor: Actor, target: EventTarget) =>
    updateEvent(services(), {
      actor,
      eventId: target.eventId,
      input: { ...target.form, title: `${target.form.title} taken over` },
    });
  const submit = (actor: Actor, target: EventTarget) =>
    submitEvent(services(), { actor, eventId: target.eventId });
  const cancel = (actor: Actor, target: EventTarget) =>
    cancelEvent(services(), {
      actor,
      eventId: target.eventId,
      input: { reason: "Cancelled by someone else.", confirm: "on" },
    });
  const approve = (actor: Actor, target: EventTarget) =>
    approveEvent(services(), { actor, eventId: target.eventId, input: { version: String(target.version) } });
  const requestChanges = (actor: Actor, target: EventTarget) =>
    requestEventChanges(services(), {
      actor,
      eventId: target.eventId,
      input: { note: "Change it all.", version: String(target.version) },
    });
  const unpublish = (actor: Actor, target: EventTarget) =>
    unpublishEvent(services(), {
      actor,
      eventId: target.eventId,
      input: { reason: "Taken down by someone else.", confirm: "on" },
    });

  /** Runs `command` on a fresh event in `status` and expects `code` with every row unchanged. */
  async function expectRefused(
    status: EventStatus,
    command: (target: EventTarget) => Promise<unknown>,
    code: "not_found" | "forbidden",
  ) {
    const theCast = cast();
    const target = await hostEvent(theCast, status);
    const before = await eventSnapshot(theCast, target);
    const refusal = await refusalOf(command(target));
    expect(refusal.code).toBe(code);
    expect(refusal.status).toBe(code === "not_found" ? 404 : 403);
    expect(await eventSnapshot(theCast, target)).toEqual(before);
  }

  it("another partner's member finds no event to edit, submit or cancel", async () => {
    const other = actorOf(cast(), "other partner");
    await expectRefused("draft", (target) => update(other, target), "not_found");
    await expectRefused("published", (target) => update(other, target), "not_found");
    await expectRefused("draft", (target) => submit(other, target), "not_found");
    await expectRefused("published", (target) => cancel(other, target), "not_found");
  });

  it("another partner's member cannot make an event for the host partner", async () => {
    const other = actorOf(cast(), "other partner");
    const { db } = cast().site.database;
    const form = eventForm();
    const refusal = await refusalOf(
      createEvent(services(), {
        actor: other,
        partnerId: cast().hostPartnerId,
        createKey: randomUUID(),
        input: form,
      }),
    );
    expect(refusal.code).toBe("not_found");
    expect(await db.select().from(events).where(eq(events.slug, form.slug))).toEqual([]);
  });

  it("a partner cannot approve, send back or unpublish their own event", async () => {
    const host = actorOf(cast(), "partner");
    await expectRefused("pending_review", (target) => approve(host, target), "forbidden");
    await expectRefused("pending_review", (target) => requestChanges(host, target), "forbidden");
    await expectRefused("published", (target) => unpublish(host, target), "forbidden");
  });

  it("another partner's member cannot review the event either", async () => {
    const other = actorOf(cast(), "other partner");
    await expectRefused("pending_review", (target) => approve(other, target), "forbidden");
    await expectRefused("pending_review", (target) => requestChanges(other, target), "forbidden");
    await expectRefused("published", (target) => unpublish(other, target), "forbidden");
  });

  it("a plain user finds no event to edit, submit or cancel, and may not review", async () => {
    const user = actorOf(cast(), "user");
    await expectRefused("draft", (target) => update(user, target), "not_found");
    await expectRefused("draft", (target) => submit(user, target), "not_found");
    await expectRefused("published", (target) => cancel(user, target), "not_found");
    await expectRefused("pending_review", (target) => approve(user, target), "forbidden");
    await expectRefused("pending_review", (target) => requestChanges(user, target), "forbidden");
    await expectRefused("published", (target) => unpublish(user, target), "forbidden");
  });

  it("a member whose partner role was taken away manages the partner's events no more", async () => {
    const theCast = cast();
    const former = await createAccount(theCast.site, { role: "partner", partnerId: theCast.hostPartnerId });
    await theCast.site.database.db
      .update(profiles)
      .set({ role: "user" })
      .where(eq(profiles.userId, former.id));
    const demoted: Actor = { userId: former.id, role: "user", partnerIds: [theCast.hostPartnerId] };
    await expectRefused("draft", (target) => update(demoted, target), "not_found");
    await expectRefused("draft", (target) => submit(demoted, target), "not_found");
    await expectRefused("published", (target) => cancel(demoted, target), "not_found");

    // And over HTTP: the partner area sends them to their dashboard.
    const target = await hostEvent(theCast, "draft");
    const response = await theCast.site.request(editPath(target.eventId), {
      headers: { Cookie: former.cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
  });
});
