import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, teamRegistrations } from "#server/db/schema";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { confirmRegistration } from "#server/registrations/confirm-registration";
import { moveRegistration } from "#server/registrations/move-registration";
import { postForm } from "../../support/accounts";
import { refusalOf } from "../../support/event-publishing";
import { createTestEvent } from "../../support/events";
import {
  actorOf,
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  servicesOf,
  signedInOnly,
  visit,
  type AuthorizationCase,
  type Cast,
  type Target,
} from "./support";

// The organiser's side of a booking: the host partner's members and admins cancel,
// confirm and move its teams; another partner's member is told the team does not exist.

const cast = castForThisFile();
const site = () => cast().site;
const db = () => site().database.db;

const registrationPath = (id: string) => `/dashboard/partner/registrations/${id}`;

// ── Rows ───────────────────────────────────────────────────────────────────────────

type TeamTarget = Target & { registrationId: string; eventId: string; targetEventId: string };

/**
 * A team on a new event of the host partner, booked by the cast's owner, and a second
 * event of the host to move it to.
 */
async function arrangeTeam(theCast: Cast, status: "confirmed" | "waitlisted"): Promise<TeamTarget> {
  const event = await createTestEvent(db(), theCast.hostPartnerId, { maxTeams: 3 });
  const target = await createTestEvent(db(), theCast.hostPartnerId);
  const [row] = await db()
    .insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId: theCast.accounts.owner.id,
      teamName: "Guarded Team",
      company: "Guarded A/S",
      status,
      captainName: "Carl Captain",
      captainEmail: `captain-${randomUUID().slice(0, 8)}@teams.example`,
    })
    .returning({ id: teamRegistrations.id });
  return {
    owner: theCast.accounts.owner,
    registrationId: row!.id,
    eventId: event.id,
    targetEventId: target.id,
  };
}

async function registrationRow(id: string) {
  const [row] = await db().select().from(teamRegistrations).where(eq(teamRegistrations.id, id));
  return row;
}

/** The team and the host partner's audit rows. */
async function teamSnapshot(theCast: Cast, { registrationId }: TeamTarget) {
  return {
    row: await registrationRow(registrationId),
    audit: await db().select().from(auditLog).where(eq(auditLog.partnerId, theCast.hostPartnerId)),
  };
}

/** The host's members and admins act; the booker, being a plain user, is sent to their dashboard. */
const organisersOnly = signedInOnly(allowed(303), {
  owner: refused(302),
  user: refused(302),
  "other partner": refused(404),
});

// ── Cases ──────────────────────────────────────────────────────────────────────────

const cancelAsOrganiser: AuthorizationCase<TeamTarget> = {
  name: "cancelling a team as its organiser",
  arrange: (theCast) => arrangeTeam(theCast, "confirmed"),
  request: ({ registrationId }) => ({
    path: registrationPath(registrationId),
    form: { intent: "cancel", reason: "Not yours" },
  }),
  snapshot: teamSnapshot,
  expected: organisersOnly,
  async verify({ target }) {
    expect((await registrationRow(target.registrationId))?.status).toBe("cancelled");
  },
};

const confirmWaiting: AuthorizationCase<TeamTarget> = {
  name: "confirming a waitlisted team",
  arrange: (theCast) => arrangeTeam(theCast, "waitlisted"),
  request: ({ registrationId }) => ({ path: registrationPath(registrationId), form: { intent: "confirm" } }),
  snapshot: teamSnapshot,
  expected: organisersOnly,
  async verify({ target }) {
    expect((await registrationRow(target.registrationId))?.status).toBe("confirmed");
  },
};

const moveTeam: AuthorizationCase<TeamTarget> = {
  name: "moving a team to another event",
  arrange: (theCast) => arrangeTeam(theCast, "confirmed"),
  request: ({ registrationId, targetEventId }) => ({
    path: registrationPath(registrationId),
    form: { intent: "move", targetEventId },
  }),
  snapshot: teamSnapshot,
  expected: organisersOnly,
  async verify({ target }) {
    expect((await registrationRow(target.registrationId))?.eventId).toBe(target.targetEventId);
  },
};

// ── Tests ──────────────────────────────────────────────────────────────────────────

describe("an organiser acts on its own events' teams only", () => {
  forEachActor(cancelAsOrganiser, cast);
  forEachActor(confirmWaiting, cast);
  forEachActor(moveTeam, cast);
});

describe("another partner's registration", () => {
  const otherActor = () => actorOf(cast(), "other partner");
  const otherCookie = () => cast().accounts["other partner"].cookie;
  const page = async (path: string, cookie = otherCookie()) => {
    const response = await visit(site(), path, cookie);
    return { status: response.status, html: await response.text() };
  };
  const services = () => servicesOf(cast());

  it("is 404 for bad input too, as the commands, the export and the crew list, and stays unchanged", async () => {
    const confirmed = await arrangeTeam(cast(), "confirmed");
    const waiting = await arrangeTeam(cast(), "waitlisted");
    const before = [await teamSnapshot(cast(), confirmed), await registrationRow(waiting.registrationId)];

    // Bad input too is "not found": the scope is checked before the form.
    for (const fields of [
      { intent: "cancel", reason: "x".repeat(5_000) } as Record<string, string>,
      { intent: "move", targetEventId: "" },
    ]) {
      const response = await postForm(
        site(),
        registrationPath(confirmed.registrationId),
        fields,
        otherCookie(),
      );
      expect(response.status).toBe(404);
    }
    // Each command starts only when its turn comes: started together, a refusal that settles
    // before its turn would be an unhandled rejection.
    for (const command of [
      () =>
        cancelRegistration(services(), {
          actor: otherActor(),
          registrationId: confirmed.registrationId,
          asOrganiser: true,
        }),
      () => confirmRegistration(services(), { actor: otherActor(), registrationId: waiting.registrationId }),
      () =>
        moveRegistration(services(), {
          actor: otherActor(),
          registrationId: confirmed.registrationId,
          input: { targetEventId: confirmed.targetEventId },
        }),
    ]) {
      expect((await refusalOf(command())).code).toBe("not_found");
    }

    const crew = await page(`/dashboard/partner/events/${confirmed.eventId}/crew-list`);
    expect(crew.status).toBe(404);
    expect(crew.html).not.toContain("Guarded Team");
    const csv = await page(`/dashboard/partner/registrations/export.csv?event=${confirmed.eventId}`);
    expect(csv.status).toBe(404);
    const allCsv = await page("/dashboard/partner/registrations/export.csv");
    expect(allCsv.status).toBe(200);
    expect(allCsv.html).not.toContain("Guarded Team");

    expect([await teamSnapshot(cast(), confirmed), await registrationRow(waiting.registrationId)]).toEqual(
      before,
    );
  });

  it("is 404 on a registration's page, and for an unknown or malformed id there and in the crew list", async () => {
    const team = await arrangeTeam(cast(), "confirmed");
    const own = cast().accounts.partner.cookie;
    expect((await page(registrationPath(team.registrationId))).status).toBe(404);
    expect((await page(registrationPath(randomUUID()), own)).status).toBe(404);
    expect((await page(registrationPath("nope"), own)).status).toBe(404);
    expect((await page(`/dashboard/partner/events/${randomUUID()}/crew-list`, own)).status).toBe(404);
  });

  it("answers another partner's event, or an unknown one, with 404 in the list and the export", async () => {
    const hostEvent = await createTestEvent(db(), cast().hostPartnerId);
    await db().insert(teamRegistrations).values({
      eventId: hostEvent.id,
      userId: cast().accounts.owner.id,
      teamName: "Hidden Team",
      company: "Hidden A/S",
      status: "confirmed",
    });
    for (const id of [hostEvent.id, randomUUID(), "not-a-uuid"]) {
      const answer = await page(`/dashboard/partner/registrations?event=${id}`);
      expect(answer.status).toBe(404);
      expect(answer.html).not.toContain("Hidden Team");
      const csv = await page(`/dashboard/partner/registrations/export.csv?event=${id}`);
      expect(csv.status).toBe(404);
    }
  });
});
