import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "#server/db/schema";
import { createAccount, cookiesFrom, postForm, type TestAccount } from "../support/accounts";
import { createTestEvent } from "../support/events";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";
import { serveSite, type ServedSite } from "../support/serve-site";

// Issue 25: English at the specification's paths, Danish under /da; a choice made with the
// switch is remembered, and a cached page is never served in the wrong language (ADR 033).

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

let site: TestSite;
let served: ServedSite;
let slug: string;
let member: TestAccount;
const db = () => site.database.db;

const get = (path: string, headers: Record<string, string> = {}) =>
  site.request(path, { headers: { "User-Agent": BROWSER, ...headers }, redirect: "manual" });
/** Through the real listener, where held pages are answered before Hono. */
const getServed = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${served.url}${path}`, { headers: { "User-Agent": BROWSER, ...headers }, redirect: "manual" });
const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

beforeAll(async () => {
  site = await createTestSite();
  served = await serveSite(site, 0);
  const partner = await createTestPartner(db(), "Sprog Roklub");
  slug = (await createTestEvent(db(), partner.id, { title: "Language Regatta" })).slug;
  member = await createAccount(site, { firstName: "Mette", lastName: "Sprog" });
});

afterAll(async () => {
  await served?.close();
  await site?.close();
});

describe("the language of a public page is in its URL", () => {
  it("answers every public page in English at its own path and in Danish under /da", async () => {
    for (const path of [
      "/",
      "/events",
      `/events/${slug}`,
      "/partners",
      "/about",
      "/networking",
      "/contact",
      "/terms",
      "/privacy",
      "/login",
      "/signup",
    ]) {
      const english = await get(path);
      expect(english.status, path).toBe(200);
      expect(htmlLang(await english.text()), path).toBe("en");
      const danishPath = path === "/" ? "/da" : `/da${path}`;
      const danish = await get(danishPath);
      expect(danish.status, danishPath).toBe(200);
      expect(htmlLang(await danish.text()), danishPath).toBe("da");
    }
  });

  it("names both languages and the default, with a canonical URL and og:locale per language", async () => {
    const danish = await (await get("/da/about")).text();
    expect(danish).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/da/about"/>`);
    expect(danish).toContain(`<link rel="alternate" hrefLang="en" href="${TEST_BASE_URL}/about"/>`);
    expect(danish).toContain(`<link rel="alternate" hrefLang="da" href="${TEST_BASE_URL}/da/about"/>`);
    expect(danish).toContain(`<link rel="alternate" hrefLang="x-default" href="${TEST_BASE_URL}/about"/>`);
    expect(danish).toContain(`<meta property="og:locale" content="da_DK"/>`);
    const english = await (await get("/about")).text();
    expect(english).toContain(`<link rel="canonical" href="${TEST_BASE_URL}/about"/>`);
    expect(english).toContain(`<meta property="og:locale" content="en_GB"/>`);
    expect(english).toContain(`<meta property="og:locale:alternate" content="da_DK"/>`);
  });

  it("shows Danish words on Danish pages and the specification's English on English ones", async () => {
    expect(await (await get("/da/events")).text()).toContain("Gå til indhold");
    const english = await (await get("/events")).text();
    expect(english).toContain("Skip to content");
    expect(english).not.toContain("Gå til indhold");
  });

  it("gives a Danish 404 under /da and a 404 for any other language prefix", async () => {
    const danish = await get("/da/no-such-page");
    expect(danish.status).toBe(404);
    expect(htmlLang(await danish.text())).toBe("da");
    for (const path of ["/de/events", "/en/events", "/dk", "/da-dk/events"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(htmlLang(await response.text()), path).toBe("en");
    }
  });

  it("lists both languages in the sitemap", async () => {
    const pages = await (await get("/sitemaps/pages-1.xml")).text();
    expect(pages).toContain(`<loc>${TEST_BASE_URL}/about</loc>`);
    expect(pages).toContain(`<loc>${TEST_BASE_URL}/da/about</loc>`);
    const events = await (await get("/sitemaps/events-1.xml")).text();
    expect(events).toContain(`<loc>${TEST_BASE_URL}/da/events/${slug}</loc>`);
    expect(events).toContain(`hreflang="x-default" href="${TEST_BASE_URL}/events/${slug}"`);
  });
});

describe("the language switch", () => {
  it("opens the same page and query in the other language, and remembers the choice", async () => {
    const switched = await postForm(site, "/language", { language: "da", next: "/events?q=row&type=rowing" });
    expect(switched.status).toBe(303);
    expect(switched.headers.get("Location")).toBe("/da/events?q=row&type=rowing");
    expect(switched.headers.get("Set-Cookie")).toMatch(/^lang=da; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const back = await postForm(site, "/language", { language: "en", next: "/da/events?q=row" });
    expect(back.headers.get("Location")).toBe("/events?q=row");
  });

  it("sends a visitor who chose Danish from an English page to the Danish one, privately", async () => {
    const response = await get("/events?q=row", { Cookie: "lang=da" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/da/events?q=row");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Vary")).toBe("Cookie");
    // The page's data on a client-side navigation stays in its URL's language.
    expect((await get("/events.data", { Cookie: "lang=da" })).status).toBe(200);
    // Nor React Router's route discovery, which every page asks whatever its language.
    const discovery = await get("/__manifest?paths=%2Fevents&version=x", { Cookie: "lang=da" });
    expect(discovery.status).not.toBe(302);
    // A choice that matches the URL changes nothing.
    expect((await get("/da/events", { Cookie: "lang=da" })).status).toBe(200);
  });

  it("keeps only its own paths after the switch, and refuses any other language", async () => {
    const elsewhere = await postForm(site, "/language", { language: "da", next: "//evil.example/x" });
    expect(elsewhere.headers.get("Location")).toBe("/da");
    const german = await postForm(site, "/language", { language: "de", next: "/events" });
    expect(german.status).toBe(400);
    expect(german.headers.get("Set-Cookie")).toBeNull();
    expect(await german.text()).not.toContain("<");
  });

  it("ignores a language cookie or parameter it does not know, and never repeats it on the page", async () => {
    const cookies: Record<string, string>[] = [{ Cookie: "lang=de" }, { Cookie: "lang=<script>" }, {}];
    for (const headers of cookies) {
      const response = await get("/events?lang=xx-evil", headers);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(htmlLang(html)).toBe("en");
      expect(html).not.toContain("xx-evil");
      expect(html).not.toContain("<script>alert");
    }
    expect(htmlLang(await (await get("/events?lang=da")).text())).toBe("en");
  });

  it("saves the choice of a signed-in person in their profile", async () => {
    const switched = await postForm(site, "/language", { language: "da", next: "/dashboard" }, member.cookie);
    expect(switched.headers.get("Location")).toBe("/dashboard");
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, member.id));
    expect(profile?.language).toBe("da");
    const dashboard = await get("/dashboard/profile", { Cookie: `${member.cookie}; lang=da` });
    expect(htmlLang(await dashboard.text())).toBe("da");
    await postForm(site, "/language", { language: "en", next: "/dashboard" }, member.cookie);
    const [after] = await db().select().from(profiles).where(eq(profiles.userId, member.id));
    expect(after?.language).toBe("en");
  });
});

describe("accounts keep their language", () => {
  it("starts a new account in the language it signed up in", async () => {
    const email = `dansk-${Date.now()}@example.dk`;
    const response = await postForm(site, "/da/signup", {
      firstName: "Dorthe",
      lastName: "Dansk",
      email,
      company: "",
      password: "correct-horse-battery-staple",
      confirmPassword: "correct-horse-battery-staple",
      acceptTerms: "on",
    });
    expect(response.status).toBeLessThan(400);
    const [profile] = await db().select().from(profiles).where(eq(profiles.firstName, "Dorthe"));
    expect(profile?.language).toBe("da");
  });

  it("signs a person in to their saved language, whichever page they signed in on", async () => {
    const person = await createAccount(site, { firstName: "Søren", lastName: "Saved" });
    await db().update(profiles).set({ language: "da" }).where(eq(profiles.userId, person.id));
    const response = await postForm(site, "/login", { email: person.email, password: person.password });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("lang=da;"))).toBe(true);
    const dashboard = await get("/dashboard", { Cookie: cookiesFrom(response) });
    expect(htmlLang(await dashboard.text())).toBe("da");
  });
});

describe("cached pages and languages", () => {
  it("holds each language apart: an anonymous cached page is never served in the other language", async () => {
    // Warm the English page, then ask for the Danish one: it is rendered, not the English copy.
    await get("/events?q=cache");
    const englishHit = await get("/events?q=cache");
    expect(englishHit.headers.get("X-Page-Cache")).toBe("hit");
    expect(htmlLang(await englishHit.text())).toBe("en");
    const danish = await get("/da/events?q=cache");
    expect(danish.headers.get("X-Page-Cache")).toBe("miss");
    expect(htmlLang(await danish.text())).toBe("da");
    const danishHit = await get("/da/events?q=cache");
    expect(danishHit.headers.get("X-Page-Cache")).toBe("hit");
    expect(htmlLang(await danishHit.text())).toBe("da");
    expect(htmlLang(await (await get("/events?q=cache")).text())).toBe("en");
  });

  it("sends a visitor who chose Danish on from a held English page, before and after Hono", async () => {
    await getServed("/about");
    const held = await getServed("/about");
    expect(held.headers.get("X-Page-Cache")).toBe("hit");
    const chose = await getServed("/about", { Cookie: "lang=da" });
    expect(chose.status).toBe(302);
    expect(chose.headers.get("Location")).toBe("/da/about");
    // A visitor whose choice matches is served from memory like anyone.
    await getServed("/da/about");
    const danish = await getServed("/da/about", { Cookie: "lang=da" });
    expect(danish.headers.get("X-Page-Cache")).toBe("hit");
    expect(htmlLang(await danish.text())).toBe("da");
  });
});
