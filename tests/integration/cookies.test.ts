import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_COOKIES } from "~/components/legal/privacy-cookies";
import { lastMailTo, linkIn } from "../support/accounts";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";

// The privacy notice names every cookie the site sets. This walks what a visitor does
// (browse, sign up, confirm the address, change the password, log out and in, reset the
// password, delete the account), over https and over plain http, where cookies are named
// apart, and collects the name of every cookie an answer sets.

/** The cookies answers set, by name; one an answer only removes is not set. */
const setByTheSite = new Set<string>();

/** Whether a Set-Cookie header removes its cookie rather than setting it. */
function removes(header: string): boolean {
  const expires = /;\s*expires=([^;]+)/i.exec(header)?.[1];
  return /;\s*max-age=0(;|$)/i.test(header) || (expires !== undefined && Date.parse(expires) <= Date.now());
}

/**
 * A browser on `site`: it keeps the cookies it is given and sends them back, posts forms
 * from the site's own pages, follows the site's redirects, and records every cookie set.
 * `visit` resolves with the path it ended on.
 */
function browserOn(site: TestSite, origin: string) {
  const jar = new Map<string, string>();
  const visit = async (path: string, form?: Record<string, string>): Promise<string> => {
    const response = await site.request(path, {
      method: form ? "POST" : "GET",
      headers: {
        Cookie: [...jar.values()].join("; "),
        ...(form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: origin } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: "manual",
    });
    await response.body?.cancel();
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      const name = pair.slice(0, pair.indexOf("=")).trim();
      if (removes(header)) {
        jar.delete(name);
      } else {
        jar.set(name, pair);
        setByTheSite.add(name);
      }
    }
    expect(response.status, `${form ? "POST" : "GET"} ${path}`).toBeLessThan(400);
    const location = response.headers.get("location");
    if (response.status >= 300 && location) return visit(new URL(location, origin).pathname);
    return path;
  };
  return visit;
}

describe.each([
  ["https", TEST_BASE_URL],
  ["plain http", "http://rcl.test"],
])("the cookies the site sets over %s", (_scheme, baseUrl) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await createTestSite({ baseUrl });
  });

  afterAll(async () => {
    await site.close();
  });

  it("are the ones a visitor's flows meet", async () => {
    const visit = browserOn(site, baseUrl);
    for (const page of ["/", "/events", "/partners", "/login", "/signup", "/privacy"]) await visit(page);
    // The language switch, there and back (ADR 033).
    expect(await visit("/language", { language: "da", next: "/events" })).toBe("/da/events");
    expect(await visit("/language", { language: "en", next: "/da/events" })).toBe("/events");

    const email = `cookies-${baseUrl.split(":")[0]}@fjord.example`;
    const password = "rowing-is-fun";
    await visit("/signup", {
      firstName: "Mette",
      lastName: "Holm",
      email,
      company: "Fjord Logistics",
      password,
      confirmPassword: password,
      acceptTerms: "on",
    });
    const verify = new URL(linkIn((await lastMailTo(site, email, "Verify your email address"))!.text));
    expect(await visit(`${verify.pathname}${verify.search}`)).toBe("/dashboard");
    await visit("/dashboard/profile", {
      intent: "password",
      currentPassword: password,
      newPassword: "a-new-password",
      confirmPassword: "a-new-password",
    });
    await visit("/logout", {});
    expect(await visit("/login", { email, password: "a-new-password" })).toBe("/dashboard");
    await visit("/logout", {});

    await visit("/forgot-password", { email });
    const reset = new URL(
      linkIn((await lastMailTo(site, email, "Reset your Rethink Corporate Life password"))!.text),
    );
    const landing = await site.request(`${reset.pathname}${reset.search}`, { redirect: "manual" });
    const token = new URL(landing.headers.get("location")!, baseUrl).searchParams.get("token")!;
    await visit("/reset-password", {
      token,
      password: "a-third-password",
      confirmPassword: "a-third-password",
    });
    expect(await visit("/login", { email, password: "a-third-password" })).toBe("/dashboard");
    expect(
      await visit("/dashboard/profile", {
        intent: "delete",
        confirmEmail: email,
        password: "a-third-password",
      }),
    ).toBe("/");
  });
});

describe("the privacy notice", () => {
  it("lists every cookie the site set, and none it never sets", () => {
    const listed = SITE_COOKIES.flatMap((cookie) => cookie.names);
    expect([...setByTheSite].filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !setByTheSite.has(name))).toEqual([]);
  });
});
