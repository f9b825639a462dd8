import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, partnerMembers, profiles, sessions, users } from "#server/db/schema";
import { createAccount, postForm } from "../../support/accounts";
import { createTestPartner } from "../../support/partners";
import { castForThisFile } from "./support";

// The admin's actions on a person (ADR 017): nobody else may take them, whatever the form
// says, and a refusal leaves the person, their memberships and sessions as they were.

const cast = castForThisFile();
const site = () => cast().site;
const db = () => site().database.db;

const personPath = (id: string) => `/dashboard/admin/users/${id}`;

/** Everything an action on the person could change, for "nothing changed" checks. */
const snapshot = async (userId: string) => ({
  user: (await db().select().from(users).where(eq(users.id, userId)))[0],
  profile: (await db().select().from(profiles).where(eq(profiles.userId, userId)))[0],
  memberships: await db().select().from(partnerMembers).where(eq(partnerMembers.userId, userId)),
  sessions: (await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n,
});

describe("the admin's actions on a person", () => {
  it.each([
    ["role", { role: "admin" }],
    ["link", {}],
    ["unlink", {}],
    ["disable", {}],
    ["enable", {}],
    ["resend-verification", {}],
    ["delete", {}],
  ])("refuses %s to partners and users, changing nothing", async (intent, fields) => {
    const { accounts, hostPartnerId } = cast();
    const target = await createAccount(site(), { firstName: "Target" });
    const other = await createTestPartner(db(), "Refusal Roklub");
    await db().insert(partnerMembers).values({ partnerId: other.id, userId: target.id });
    if (intent === "enable")
      await db().update(profiles).set({ disabledAt: new Date() }).where(eq(profiles.userId, target.id));
    if (intent === "resend-verification")
      await db().update(users).set({ emailVerified: false }).where(eq(users.id, target.id));
    const before = await snapshot(target.id);
    const body: Record<string, string> = {
      intent,
      partnerId: intent === "link" ? hostPartnerId : other.id,
      confirmEmail: target.email,
      ...fields,
    };
    for (const who of [accounts.user, accounts.partner, accounts["other partner"]]) {
      const response = await postForm(site(), personPath(target.id), body, who.cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/dashboard");
    }
    const signedOut = await postForm(site(), personPath(target.id), body);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toContain("/login");
    expect(await snapshot(target.id)).toEqual(before);
    const [audited] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.entityId, target.id));
    expect(audited?.n).toBe(0);
  });
});
