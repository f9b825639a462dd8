import { and, count, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { outboxEmails, profiles, rateLimits, sessions, users, verifications } from "#server/db/schema";
import { consumeNamedLimit } from "#server/security/rate-limits";
import { cookiesFrom, createAccount, lastMailTo, linkIn, postForm } from "../support/accounts";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";
import { followToast } from "../support/toast";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
});

afterAll(async () => {
  await site?.close();
});

const newUser = (email: string) => ({
  firstName: "Mette",
  lastName: "Holm",
  email,
  company: "Fjord Logistics",
  password: "rowing-is-fun",
  confirmPassword: "rowing-is-fun",
  acceptTerms: "on",
});

describe("/signup", () => {
  it("creates an unverified user with the profile's names and company, and mails a link", async () => {
    const email = "mette.holm@fjord.example";
    const response = await postForm(site, "/signup", { ...newUser(email), role: "admin" });
    // The page stays in place and shows the confirmation instead of the form (spec §4).
    expect(response.headers.get("location")).toBe("/signup");
    const { html } = await followToast(site, response);
    expect(html).toContain("Registration successful! Please check your email to verify your account.");
    expect(html).not.toContain('name="confirmPassword"');
    const [user] = await site.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
    const [profile] = await site.database.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({
      firstName: "Mette",
      lastName: "Holm",
      company: "Fjord Logistics",
      role: "user",
    });
    const mail = await lastMailTo(site, email, "Verify your email address");
    expect(mail?.html).toContain("<a href=");
    expect(linkIn(mail!.text)).toContain("/api/auth/verify-email?token=");
  });

  it.each([
    ["firstName", { firstName: "" }, "First name is required"],
    ["lastName", { lastName: " " }, "Last name is required"],
    ["email", { email: "mette@" }, "Please enter a valid email address"],
    ["password", { password: "short", confirmPassword: "short" }, "Password must be at least 8 characters"],
    ["confirmPassword", { confirmPassword: "something-else" }, "Passwords do not match"],
    ["acceptTerms", { acceptTerms: "" }, "You must accept the terms and conditions"],
  ])("rejects a bad %s with 400 and the spec's message", async (_field, change, message) => {
    // An unchecked box is simply missing from the form.
    const fields: Record<string, string> = { ...newUser("invalid@fjord.example"), ...change };
    if (fields.acceptTerms === "") delete fields.acceptTerms;
    const response = await postForm(site, "/signup", fields);
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain(message);
    expect(body).not.toContain("rowing-is-fun");
    const [existing] = await site.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, "invalid@fjord.example"));
    expect(existing?.n).toBe(0);
  });

  it("answers the same for a registered address and tells its owner instead", async () => {
    const email = "already@fjord.example";
    await postForm(site, "/signup", newUser(email));
    const before = await site.database.db.select({ n: count() }).from(users);
    const response = await postForm(site, "/signup", { ...newUser(email), firstName: "Intruder" });
    expect((await followToast(site, response)).html).toContain("Registration successful!");
    expect(await site.database.db.select({ n: count() }).from(users)).toEqual(before);
    expect(await lastMailTo(site, email, "Someone tried to sign up with your email address")).not.toBeNull();
  });
});

describe("email verification", () => {
  it("verifies, signs the person in and leads to /dashboard", async () => {
    const email = "verify.me@fjord.example";
    await postForm(site, "/signup", newUser(email));
    const link = new URL(linkIn((await lastMailTo(site, email, "Verify your email address"))!.text));
    expect(link.origin).toBe(TEST_BASE_URL);
    const response = await site.request(`${link.pathname}${link.search}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    expect(cookiesFrom(response)).toContain("session_token");
    const [user] = await site.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
  });

  it("keeps an unverified account from signing in and offers a new link", async () => {
    const email = "not.yet@fjord.example";
    await postForm(site, "/signup", newUser(email));
    const response = await postForm(site, "/login", { email, password: "rowing-is-fun" });
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(body).toContain("Please verify your email address before signing in");
    expect(body).toContain("Send a new verification link");
    await site.runDueJobs();
    const mailsBefore = await site.database.db
      .select({ n: count() })
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email));
    const resend = await postForm(site, "/login", { intent: "resend-verification", email });
    expect(await resend.text()).toContain("We have sent a new verification link");
    await site.runDueJobs();
    const mailsAfter = await site.database.db
      .select({ n: count() })
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email));
    expect(mailsAfter[0]!.n).toBeGreaterThan(mailsBefore[0]!.n);
  });
});

describe("/login", () => {
  it("signs in, goes to a same-site redirectTo, and ignores other sites", async () => {
    const account = await createAccount(site);
    const ok = await postForm(site, "/login", {
      email: account.email,
      password: account.password,
      redirectTo: "/events?q=row",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/events?q=row");
    expect(cookiesFrom(ok)).toContain("session_token");

    for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const response = await postForm(site, "/login", {
        email: account.email,
        password: account.password,
        redirectTo: target,
      });
      expect(response.headers.get("location")).toBe("/dashboard");
    }
  });

  it("gives one generic message for an unknown address and a wrong password", async () => {
    const account = await createAccount(site);
    const wrongPassword = await postForm(site, "/login", {
      email: account.email,
      password: "not-the-password",
    });
    const unknown = await postForm(site, "/login", {
      email: "nobody@fjord.example",
      password: "not-the-password",
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrongPassword.text()).toContain("Invalid email or password");
    expect(await unknown.text()).toContain("Invalid email or password");
  });

  it.each([
    [{ email: "not-an-email", password: "long-enough" }, "Please enter a valid email address"],
    [{ email: "a@b.dk", password: "short" }, "Password must be at least 8 characters"],
  ])("validates with the spec's messages", async (fields, message) => {
    const response = await postForm(site, "/login", fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("brings a visitor sent to sign in during a client-side navigation back to the page, not its data", async () => {
    // A client-side navigation asks for the page's data at `<path>.data?_routes=…`.
    const response = await site.request(
      `/dashboard/bookings.data?tab=past&_routes=${encodeURIComponent("routes/dashboard/bookings/index")}`,
      { redirect: "manual" },
    );
    const body = await response.text();
    expect(body).toContain(`/login?redirectTo=${encodeURIComponent("/dashboard/bookings?tab=past")}`);
    expect(body).not.toContain(".data");
  });

  it("sends a signed-in visitor to /dashboard", async () => {
    const account = await createAccount(site);
    const response = await site.request("/login", {
      headers: { Cookie: account.cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
  });

  /** A sign-in posted from `ip`, as the trusted proxy reports it. */
  const signIn = (email: string, password: string, ip: string) =>
    site.request("/login", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": ip,
        Origin: TEST_BASE_URL,
      },
      body: new URLSearchParams({ email, password }).toString(),
      redirect: "manual",
    });

  it("locks an account after 10 failed sign-ins, right password or not, but not its office", async () => {
    const office = "192.0.2.10";
    const account = await createAccount(site);
    const colleague = await createAccount(site);
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn(account.email, "wrong-password", office)).status).toBe(401);
    }
    // Counted by the address as typed in any case, and refused before the password is checked.
    const blocked = await signIn(account.email.toUpperCase(), account.password, office);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await blocked.text()).toContain("Too many sign-in attempts");
    expect((await signIn(account.email, account.password, "192.0.2.11")).status).toBe(429);
    // The same address is not locked: a colleague signs in.
    const other = await signIn(colleague.email, colleague.password, office);
    expect(other.status).toBe(302);
    expect(cookiesFrom(other)).toContain("session_token");
  });

  it("never counts a successful sign-in, for the account or its address", async () => {
    const office = "192.0.2.20";
    const account = await createAccount(site);
    // More successes in a row than the account's limit allows failures.
    for (let i = 0; i < 11; i += 1) {
      expect((await signIn(account.email, account.password, office)).status).toBe(302);
    }
    const counters = await site.database.db
      .select({ key: rateLimits.key, hits: rateLimits.hits })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [`sign-in:email:${account.email}`, `sign-in:ip:${office}`]))
      .orderBy(rateLimits.key);
    expect(counters).toEqual([
      { key: `sign-in:email:${account.email}`, hits: 0 },
      { key: `sign-in:ip:${office}`, hits: 0 },
    ]);
    // All ten failures are still allowed after those sign-ins.
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn(account.email, "wrong-password", office)).status).toBe(401);
    }
    expect((await signIn(account.email, account.password, office)).status).toBe(429);
  });

  it("counts an unverified account's right password as no failure", async () => {
    const email = "unverified.office@fjord.example";
    await postForm(site, "/signup", newUser(email));
    for (let i = 0; i < 11; i += 1) {
      expect((await signIn(email, "rowing-is-fun", "192.0.2.30")).status).toBe(403);
    }
  });

  it.each([
    "/api/auth/sign-in/email",
    "/api/auth/sign-up/email",
    "/api/auth/reset-password",
    "/api/auth/change-password",
    "/api/auth/request-password-reset",
    "/api/auth/verify-password",
  ])(
    "keeps better-auth's %s closed, so the pages' limits and password rules cannot be skipped",
    async (path) => {
      const account = await createAccount(site);
      const response = await site.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: TEST_BASE_URL, Cookie: account.cookie },
        body: JSON.stringify({
          email: account.email,
          password: "password123",
          name: "X",
          newPassword: "password123",
        }),
      });
      expect(response.status).toBe(404);
    },
  );

  it("locks an address after 100 failed sign-ins, whatever the client writes into X-Forwarded-For", async () => {
    // Behind the proxy, the address is the last hop; a client-written first entry changes nothing.
    const shared = (i: number) => `10.0.${i}.1, 203.0.113.77`;
    const account = await createAccount(site);
    // 95 failures counted as earlier sign-ins from that address left them (a hundred real
    // ones would take most of the test's time hashing passwords), then five through the page.
    for (let i = 0; i < 95; i += 1) {
      await consumeNamedLimit(site.database.db, "signInFailuresPerAddress", "203.0.113.77");
    }
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(`nobody${i}@fjord.example`, "wrong-password", shared(i))).status).toBe(401);
    }
    const blocked = await signIn(account.email, account.password, shared(100));
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many sign-in attempts");
    // Another address is not affected.
    expect((await signIn(account.email, account.password, "203.0.113.78")).status).toBe(302);
  });

  it.each(["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/./\\evil.example"])(
    "never follows redirectTo=%s off the site",
    async (target) => {
      const account = await createAccount(site);
      const response = await site.request(`/login?redirectTo=${encodeURIComponent(target)}`, {
        headers: { Cookie: account.cookie },
        redirect: "manual",
      });
      expect(response.headers.get("location")).toBe("/dashboard");
    },
  );
});

describe("sign-in behind two proxies (TRUST_PROXY=2)", () => {
  let proxied: TestSite;
  beforeAll(async () => {
    proxied = await createTestSite({ trustProxy: 2 });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it("counts failures for the address the outer proxy saw, second from the right", async () => {
    const failFrom = (forwardedFor: string) =>
      proxied.request("/login", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": forwardedFor,
          Origin: TEST_BASE_URL,
        },
        body: new URLSearchParams({ email: "nobody@fjord.example", password: "wrong-password" }).toString(),
        redirect: "manual",
      });
    // The client wrote the first entry; the outer proxy appended the visitor, the inner one the outer proxy.
    expect((await failFrom("10.66.0.1, 203.0.113.90, 10.0.0.5")).status).toBe(401);
    expect((await failFrom("10.66.0.2, 203.0.113.90, 10.0.0.6")).status).toBe(401);
    const counters = await proxied.database.db
      .select({ key: rateLimits.key, hits: rateLimits.hits })
      .from(rateLimits)
      .where(like(rateLimits.key, "sign-in:ip:%"));
    expect(counters).toEqual([{ key: "sign-in:ip:203.0.113.90", hits: 2 }]);
  });
});

describe("password reset", () => {
  it("sends one address at most 3 reset mails an hour, however many client addresses ask, and answers the same", async () => {
    const account = await createAccount(site);
    const resetMails = () =>
      site.database.db
        .select({ n: count() })
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.to, account.email),
            eq(outboxEmails.subject, "Reset your Rethink Corporate Life password"),
          ),
        );
    const answers = new Set<string>();
    // postForm gives every request a client address of its own, as a spread-out flood would have.
    for (let i = 0; i < 20; i += 1) {
      const response = await postForm(site, "/forgot-password", { email: account.email });
      expect(response.status).toBe(200);
      answers.add(
        (await response.text()).includes("If an account exists for that email address") ? "same" : "other",
      );
    }
    expect([...answers]).toEqual(["same"]);
    await site.runDueJobs();
    expect((await resetMails())[0]!.n).toBe(3);
  });

  it("answers the same for unknown addresses and sends a single-use link that ends other sessions", async () => {
    const account = await createAccount(site);
    const other = await site.auth.api.signInEmail({
      body: { email: account.email, password: account.password },
      returnHeaders: true,
    });
    const unknown = await postForm(site, "/forgot-password", { email: "nobody@fjord.example" });
    const known = await postForm(site, "/forgot-password", { email: account.email });
    const unknownText = await unknown.text();
    expect(unknownText).toContain("If an account exists for that email address");
    expect(await known.text()).toContain("If an account exists for that email address");
    expect(await lastMailTo(site, "nobody@fjord.example")).toBeNull();

    const link = new URL(
      linkIn((await lastMailTo(site, account.email, "Reset your Rethink Corporate Life password"))!.text),
    );
    const landing = await site.request(`${link.pathname}${link.search}`, { redirect: "manual" });
    const resetUrl = new URL(landing.headers.get("location") ?? "", TEST_BASE_URL);
    expect(resetUrl.pathname).toBe("/reset-password");
    const token = resetUrl.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const sessionsBefore = await site.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, account.id));
    expect(sessionsBefore[0]!.n).toBeGreaterThanOrEqual(2);
    const reset = await postForm(site, "/reset-password", {
      token,
      password: "brand-new-password",
      confirmPassword: "brand-new-password",
    });
    expect(reset.headers.get("location")).toBe("/login");
    expect((await followToast(site, reset)).html).toContain(
      "Your password has been changed. Please sign in with the new one.",
    );
    const sessionsAfter = await site.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, account.id));
    expect(sessionsAfter[0]!.n).toBe(0);
    expect(other.headers.getSetCookie().length).toBeGreaterThan(0);

    const again = await postForm(site, "/reset-password", {
      token,
      password: "another-password",
      confirmPassword: "another-password",
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("invalid, has expired or has already been used");
    const signIn = await postForm(site, "/login", { email: account.email, password: "brand-new-password" });
    expect(signIn.status).toBe(302);
  });
});

describe("logout", () => {
  it("deletes the session on the server and leads to /login with the spec's message", async () => {
    const account = await createAccount(site);
    const response = await postForm(site, "/logout", {}, account.cookie);
    expect(response.headers.get("location")).toBe("/login");
    const { html } = await followToast(site, response);
    expect(html).toContain("been logged out successfully");
    const remaining = await site.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, account.id));
    expect(remaining[0]!.n).toBe(0);
  });

  it("asks the browser to forget its HTTP cache, and leaves the check-in queue to the check-in page", async () => {
    const account = await createAccount(site);
    const response = await postForm(site, "/logout", {}, account.cookie);
    expect(response.headers.get("clear-site-data")).toBe('"cache"');
    // Cookies are not in the list: the session's own Set-Cookie ends it, the toast's shows the message.
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(true);
  });
});

describe("security", () => {
  it("refuses a common password and says why", async () => {
    const response = await postForm(site, "/signup", {
      ...newUser("common@fjord.example"),
      password: "password123",
      confirmPassword: "password123",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("one of the most common ones");
  });

  it("refuses a password longer than 128 characters", async () => {
    const long = "x".repeat(129);
    const response = await postForm(site, "/signup", {
      ...newUser("long@fjord.example"),
      password: long,
      confirmPassword: long,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Password must be at most 128 characters");
  });

  it("issues a new session token at each sign-in, in an httpOnly, SameSite=Lax, Secure cookie", async () => {
    const account = await createAccount(site);
    const first = await postForm(site, "/login", { email: account.email, password: account.password });
    const second = await postForm(site, "/login", { email: account.email, password: account.password });
    const sessionCookie = (response: Response) =>
      response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="))!;
    expect(sessionCookie(first)).not.toBe(sessionCookie(second));
    for (const attribute of [/HttpOnly/i, /SameSite=Lax/i, /Secure/i])
      expect(sessionCookie(first)).toMatch(attribute);
  });

  it.each([
    ["no Origin", {}],
    ["another site's Origin", { Origin: "https://evil.example" }],
  ])("refuses a state-changing request with %s and changes nothing", async (_case, headers) => {
    const account = await createAccount(site);
    const response = await site.request("/logout", {
      method: "POST",
      headers: { Cookie: account.cookie, ...headers },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    const remaining = await site.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, account.id));
    expect(remaining[0]!.n).toBe(1);
  });

  it("refuses an expired verification link", async () => {
    const email = "late@fjord.example";
    await postForm(site, "/signup", newUser(email));
    const link = new URL(linkIn((await lastMailTo(site, email, "Verify your email address"))!.text));
    // The token is a signed JWT with its expiry inside; move the clock past 24 hours.
    vi.useFakeTimers({ now: Date.now() + 25 * 60 * 60 * 1000, toFake: ["Date"] });
    try {
      const response = await site.request(`${link.pathname}${link.search}`, { redirect: "manual" });
      expect(response.headers.get("location")).toContain("error=");
    } finally {
      vi.useRealTimers();
    }
    const [user] = await site.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
  });

  it("refuses an expired reset link", async () => {
    const account = await createAccount(site);
    await postForm(site, "/forgot-password", { email: account.email });
    const link = new URL(
      linkIn((await lastMailTo(site, account.email, "Reset your Rethink Corporate Life password"))!.text),
    );
    const token = link.pathname.split("/").at(-1)!;
    await site.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const response = await postForm(site, "/reset-password", {
      token,
      password: "brand-new-password",
      confirmPassword: "brand-new-password",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("invalid, has expired or has already been used");
  });
});

describe("sign-up limits", () => {
  it("limits sign-ups per email address, keeping what was typed", async () => {
    const email = "flood@fjord.example";
    for (let i = 0; i < 3; i += 1) expect((await postForm(site, "/signup", newUser(email))).status).toBe(303);
    const limited = await postForm(site, "/signup", newUser(email));
    expect(limited.status).toBe(429);
    const body = await limited.text();
    expect(body).toContain("Too many sign-up attempts");
    expect(body).toContain('value="Fjord Logistics"');
  });
});

describe("caching", () => {
  it("keeps account pages and the dashboard out of shared caches", async () => {
    const account = await createAccount(site);
    for (const path of ["/login", "/dashboard"]) {
      const response = await site.request(path, { headers: { Cookie: account.cookie }, redirect: "manual" });
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  // The host marks every /dashboard answer private, so no page module sets it on its own:
  // pages, their data requests, redirects, refusals and missing pages alike.
  it("keeps every kind of /dashboard answer out of shared caches", async () => {
    const admin = await createAccount(site, { role: "admin" });
    const adminPages = [
      "/dashboard/admin",
      "/dashboard/admin/events",
      "/dashboard/admin/partners",
      "/dashboard/admin/partners/new",
      "/dashboard/admin/partners/applications",
      "/dashboard/admin/users",
      `/dashboard/admin/users/${admin.id}`,
      "/dashboard/admin/audit",
      "/dashboard/admin/reports",
      "/dashboard/admin/settings",
    ];
    const answers: [string, Response][] = [];
    for (const path of adminPages) {
      for (const address of [path, `${path}.data`]) {
        const response = await site.request(address, {
          headers: { Cookie: admin.cookie },
          redirect: "manual",
        });
        expect(response.status, address).toBe(200);
        answers.push([address, response]);
      }
    }
    answers.push(
      [
        "a missing page",
        await site.request("/dashboard/admin/no-such-page", { headers: { Cookie: admin.cookie } }),
      ],
      [
        "a missing row",
        await site.request("/dashboard/admin/users/no-such-person", { headers: { Cookie: admin.cookie } }),
      ],
      ["a redirect to sign in", await site.request("/dashboard/admin/users", { redirect: "manual" })],
      [
        "a refused form",
        await postForm(
          site,
          `/dashboard/admin/users/${admin.id}`,
          { intent: "delete", confirmEmail: "" },
          admin.cookie,
        ),
      ],
    );
    for (const [what, response] of answers) {
      expect(response.headers.get("cache-control"), what).toBe("private, no-store");
    }
  });
});
