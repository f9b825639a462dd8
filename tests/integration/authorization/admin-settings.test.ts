import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, siteSettings } from "#server/db/schema";
import { isAppError } from "#server/errors";
import { updateSiteSettings } from "#server/settings/update-site-settings";
import { siteSettingsForm } from "../../support/site-settings";
import {
  actorOf,
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  signedInOnly,
  type AuthorizationCase,
  type Target,
} from "./support";

// The site settings are the admin's alone: everyone else is sent to their dashboard, or
// to sign in, and the one settings row stays as it was.

const cast = castForThisFile();
const db = () => cast().site.database.db;

const SETTINGS = "/dashboard/admin/settings";

async function settingsSnapshot() {
  const [row] = await db().select().from(siteSettings).where(eq(siteSettings.id, 1));
  const audit = await db().select().from(auditLog).where(eq(auditLog.action, "settings.update"));
  return { row, audit };
}

let saves = 0;

const saveSettings: AuthorizationCase<Target> = {
  name: "saving the site settings",
  // The settings belong to nobody; the "owner" is a plain user.
  arrange: async (theCast) => ({ owner: theCast.accounts.owner }),
  request: () => ({
    path: SETTINGS,
    form: { ...siteSettingsForm(), contactPhone: `+45 11 11 11 ${String(++saves).padStart(2, "0")}` },
  }),
  snapshot: settingsSnapshot,
  expected: signedInOnly(refused(302), { admin: allowed(303) }),
  async verify() {
    expect((await settingsSnapshot()).row?.contactPhone).toBe(
      `+45 11 11 11 ${String(saves).padStart(2, "0")}`,
    );
  },
};

describe("the site settings", () => {
  forEachActor(saveSettings, cast);

  it("refuses the command itself to a partner member", async () => {
    const before = await settingsSnapshot();
    const refusal = await updateSiteSettings(
      { db: db() },
      { actor: actorOf(cast(), "partner"), input: siteSettingsForm() },
    ).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe("forbidden");
    expect(await settingsSnapshot()).toEqual(before);
  });
});
