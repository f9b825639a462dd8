import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { partners, profiles, sessions } from "#server/db/schema";
import { createAccount, type TestAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestEvent } from "../support/events";
import { createTestPartner } from "../support/partners";

// The viewer is read in one query while the session is current (server/auth/viewer.ts);
// better-auth answers the rest. Both must say the same about who is signed in.
let site: TestSite;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  site = await createTestSite();
});

afterAll(async () => {
  await site?.close();
});

const get = (path: string, cookie: string) =>
  site.request(path, { headers: { Cookie: cookie }, redirect: "manual" });

const expiryOf = async (account: TestAccount) =>
  (await site.database.db.select().from(sessions).where(eq(sessions.userId, account.id)))[0]!.expiresAt;

const setExpiry = (account: TestAccount, expiresAt: Date) =>
  site.database.db.update(sessions).set({ expiresAt }).where(eq(sessions.userId, account.id));

describe("the signed-in person on each request", () => {
  it("is read from a current session in one query, without better-auth, extending nothing", async () => {
    const account = await createAccount(site, { firstName: "Rikke", lastName: "Strand" });
    const before = await expiryOf(account);
    const getSession = vi.spyOn(site.auth.api, "getSession");
    const response = await get("/dashboard/profile", account.cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Rikke");
    expect(getSession).not.toHaveBeenCalled();
    getSession.mockRestore();
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await expiryOf(account)).toEqual(before);
  });

  it("is read in one query too for a person not remembered, whose day-long session is never extended", async () => {
    const account = await createAccount(site, { firstName: "Dagny" });
    const { headers } = await site.auth.api.signInEmail({
      body: { email: account.email, password: account.password, rememberMe: false },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    expect(cookie).toContain("dont_remember=");
    const getSession = vi.spyOn(site.auth.api, "getSession");
    const response = await get("/dashboard/profile", cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Dagny");
    expect(getSession).not.toHaveBeenCalled();
    getSession.mockRestore();
  });

  it("has a session due for its daily extension extended by better-auth, with a new cookie", async () => {
    const account = await createAccount(site);
    await setExpiry(account, new Date(Date.now() + 10 * DAY));
    const getSession = vi.spyOn(site.auth.api, "getSession");
    const response = await get("/dashboard/profile", account.cookie);
    expect(getSession).toHaveBeenCalledTimes(1);
    getSession.mockRestore();
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(true);
    expect((await expiryOf(account)).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it("is nobody with an expired session, a cookie signed otherwise, or a disabled account", async () => {
    const expired = await createAccount(site);
    await setExpiry(expired, new Date(Date.now() - 1000));
    const response = await get("/dashboard/profile", expired.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/login");

    const forged = await createAccount(site);
    const [name, value] = forged.cookie.split(";")[0]!.split("=");
    const decoded = decodeURIComponent(value!);
    const tampered = `${name}=${encodeURIComponent(`${decoded.slice(0, decoded.lastIndexOf("."))}.${"A".repeat(43)}=`)}`;
    expect((await get("/dashboard/profile", tampered)).status).toBe(302);

    const disabled = await createAccount(site);
    await site.database.db
      .update(profiles)
      .set({ disabledAt: new Date() })
      .where(eq(profiles.userId, disabled.id));
    expect((await get("/dashboard/profile", disabled.cookie)).status).toBe(302);
  });

  it("carries the partners a member acts for, and their area opens", async () => {
    const partner = await createTestPartner(site.database.db, "Session Rowing Club");
    const member = await createAccount(site, { role: "partner", partnerId: partner.id });
    const [row] = await site.database.db.select().from(partners).where(eq(partners.id, partner.id));
    const response = await get("/dashboard/partner", member.cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(row!.name);
    // Another partner's person sees nothing of it.
    const outsider = await createAccount(site, { role: "partner" });
    expect(await (await get("/dashboard/partner", outsider.cookie)).text()).not.toContain(row!.name);
  });
  it("tells check-in staff from full members the same way in one query and through better-auth", async () => {
    const host = await createTestPartner(site.database.db, "Viewer Staff Roklub");
    const staff = await createAccount(site, {
      partnerId: host.id,
      memberRole: "check_in",
      firstName: "Stig",
    });
    const event = await createTestEvent(site.database.db, host.id);
    const answers = async () =>
      Promise.all(
        ["/dashboard/partner", `/dashboard/partner/events/${event.id}/crew-list`].map(
          async (path) => (await get(path, staff.cookie)).status,
        ),
      );
    expect(await answers()).toEqual([302, 200]);
    // Due for its daily extension: better-auth reads the session, the memberships the same.
    await setExpiry(staff, new Date(Date.now() + 10 * DAY));
    expect(await answers()).toEqual([302, 200]);
  });
});
