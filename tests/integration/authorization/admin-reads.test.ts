import { describe, expect, it } from "vitest";
import { getApplication, countPendingApplications, listApplications } from "#server/applications/queries";
import { listAuditEntries } from "#server/audit/queries";
import type { Actor } from "#server/auth/actor";
import { getAdminDashboard } from "#server/dashboard/admin-dashboard";
import type { Database } from "#server/db/client";
import { isAppError } from "#server/errors";
import { getPartnerForAdmin, listPartnerNames, listPartnersForAdmin } from "#server/partners/admin-queries";
import { figuresInRange } from "#server/reports/event-figures";
import { monthlyReport } from "#server/reports/monthly-report";
import { partnerReport } from "#server/reports/partner-report";
import { registrationPagesInRange } from "#server/reports/registrations-export";
import { getSiteSettingsForEditing } from "#server/settings/queries";
import { getUserForAdmin, listUsersForAdmin } from "#server/users/queries";
import { actorOf, castForThisFile } from "./support";

// Admin reads check the actor themselves, like every other read, so a caller that forgot
// the area's guard still gets nothing. Pages reach them only through the admin area, which
// sends everyone else away first; these call the reads directly.

const cast = castForThisFile();
const range = { from: "2027-01", to: "2027-12" };

/** Each admin-only read, asked as `actor` for something that exists. */
const reads: Record<string, (db: Database, actor: Actor) => Promise<unknown>> = {
  listUsersForAdmin: (db, actor) =>
    listUsersForAdmin(db, actor, { q: "", role: "all", status: "all", page: 1 }),
  getUserForAdmin: (db, actor) => getUserForAdmin(db, actor, cast().accounts.user.id),
  listAuditEntries: (db, actor) => listAuditEntries(db, actor, { partnerId: "", person: "", page: 1 }),
  listPartnerNames: (db, actor) => listPartnerNames(db, actor),
  listApplications: (db, actor) => listApplications(db, actor, { status: "pending", page: 1 }),
  getApplication: (db, actor) => getApplication(db, actor, cast().hostPartnerId),
  countPendingApplications: (db, actor) => countPendingApplications(db, actor),
  listPartnersForAdmin: (db, actor) => listPartnersForAdmin(db, actor, { q: "", status: "all", page: 1 }),
  getPartnerForAdmin: (db, actor) => getPartnerForAdmin(db, actor, cast().hostPartnerId),
  getAdminDashboard: (db, actor) => getAdminDashboard(db, actor),
  getSiteSettingsForEditing: (db, actor) => getSiteSettingsForEditing(db, actor),
  // Checked before its read starts: the refusal is thrown, not a rejected promise.
  figuresInRange: async (db, actor) => figuresInRange(db, { actor, range }),
  monthlyReport: (db, actor) => monthlyReport(db, { actor, range }),
  partnerReport: (db, actor) => partnerReport(db, { actor, range }),
  // Checked when the pages are asked for, before the first is read.
  registrationPagesInRange: async (db, actor) => registrationPagesInRange(db, { actor, range }).next(),
};

async function outcomeOf(read: () => Promise<unknown>): Promise<string> {
  try {
    await read();
    return "read";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

describe("admin reads refuse everyone but an admin", () => {
  for (const [name, read] of Object.entries(reads)) {
    it(`${name} answers an admin and refuses the others`, async () => {
      const { db } = cast().site.database;
      const outcomes = Object.fromEntries(
        await Promise.all(
          (["owner", "partner", "other partner", "user", "admin"] as const).map(async (kind) => [
            kind,
            await outcomeOf(() => read(db, actorOf(cast(), kind))),
          ]),
        ),
      );
      expect(outcomes).toEqual({
        owner: "forbidden",
        partner: "forbidden",
        "other partner": "forbidden",
        user: "forbidden",
        admin: "read",
      });
    });
  }
});
