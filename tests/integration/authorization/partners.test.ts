import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, partners } from "#server/db/schema";
import { postForm } from "../../support/accounts";
import {
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  signedInOnly,
  visit,
  type AuthorizationCase,
  type Target,
} from "./support";

const cast = castForThisFile();
const site = () => cast().site;

// ── The form, as a browser posts it ────────────────────────────────────────────────

const profilePath = (partnerId: string) => `/dashboard/partner/profile?partner=${partnerId}`;

function profileForm(location: string): Record<string, string> {
  return {
    intent: "save",
    name: "Host Rowing Club",
    location,
    description: "Hosts the authorisation tests",
    website: "host-club.dk",
    "facilities[0].text": "Boathouse",
  };
}

// ── Rows ───────────────────────────────────────────────────────────────────────────

type PartnerTarget = Target & { partnerId: string };

/** The partner row and its audit rows: a refused edit leaves both as they were. */
async function partnerSnapshot(partnerId: string) {
  const { db } = site().database;
  const [row] = await db.select().from(partners).where(eq(partners.id, partnerId));
  const audit = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.partnerId, partnerId));
  return { row, auditRows: audit.length };
}

// ── Cases ──────────────────────────────────────────────────────────────────────────

/**
 * The host partner's profile; its "owner" is the host's member. Another partner's
 * member gets the same 404 as an unknown id, a plain user is sent to their dashboard
 * (spec §6), and admins edit any partner.
 */
const updatePartnerProfile: AuthorizationCase<PartnerTarget, Awaited<ReturnType<typeof partnerSnapshot>>> = {
  name: "update a partner's profile",
  arrange: async (theCast) => ({ owner: theCast.accounts.partner, partnerId: theCast.hostPartnerId }),
  request: (target, { who }) => ({
    path: profilePath(target.partnerId),
    form: profileForm(`Edited by ${who}`),
  }),
  snapshot: (_cast, target) => partnerSnapshot(target.partnerId),
  expected: signedInOnly(allowed(303), {
    "other partner": refused(404),
    user: refused(302),
  }),
  verify: async ({ target, who, before }) => {
    const after = await partnerSnapshot(target.partnerId);
    expect(after.row?.location).toBe(`Edited by ${who}`);
    expect(after.row?.facilities).toEqual(["Boathouse"]);
    expect(after.auditRows).toBe(before.auditRows + 1);
  },
};

describe("partner profile", () => {
  forEachActor(updatePartnerProfile, cast);

  it("answers 404 to a partner posting to another partner's id, and changes nothing", async () => {
    const { accounts, otherPartnerId } = cast();
    const readOther = async () =>
      (await site().database.db.select().from(partners).where(eq(partners.id, otherPartnerId)))[0];
    const before = await readOther();
    const response = await postForm(
      site(),
      profilePath(otherPartnerId),
      { ...profileForm("Taken over"), name: "Taken over" },
      accounts.partner.cookie,
    );
    expect(response.status).toBe(404);
    expect(await readOther()).toEqual(before);
    expect((await visit(site(), profilePath(otherPartnerId), accounts.partner.cookie)).status).toBe(404);
    expect((await visit(site(), profilePath("not-a-uuid"), accounts.partner.cookie)).status).toBe(404);
  });
});
