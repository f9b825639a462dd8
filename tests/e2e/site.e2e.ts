import type { Page, Route } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { scaled } from "../support/timeouts";
import { expectNoAxeViolations, withFreshPage, waitForHydration } from "./browser";
import { serverLogMessages } from "./outbox";

const baseUrl = inject("baseUrl");
const serverLog = inject("serverLog");
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ page, errors: pageErrors } = fresh));

describe("home page", () => {
  it("shows the hero with both buttons, hydrates without errors and passes axe", async () => {
    await page.goto(baseUrl);
    await waitForHydration(page);
    await expect(page.title()).resolves.toBe("Rethink Corporate Life");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Rethink Corporate Life");
    expect(await page.getByRole("link", { name: "Discover Events" }).getAttribute("href")).toBe("/events");
    expect(await page.getByRole("link", { name: "Join as Partner" }).getAttribute("href")).toBe("/partners");
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });

  it("opens and closes the slide-in menu on a phone, by mouse and keyboard", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(baseUrl);
    await waitForHydration(page);
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    expect(await mobileNav.count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await mobileNav.waitFor();
    for (const label of ["Home", "Events", "Networking", "Partners", "About", "Log in", "Sign up"]) {
      expect(await mobileNav.getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await mobileNav.waitFor({ state: "detached" });
    expect(pageErrors).toEqual([]);
  });
});

describe("event detail", () => {
  it("switches tabs with the arrow keys and keeps the tab across a reload", async () => {
    await page.goto(`${baseUrl}/events/riverside-team-racing`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.getByRole("tab", { name: "Details" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(/\?tab=schedule$/);
    await page.getByRole("tab", { name: "Schedule", selected: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Schedule");
    expect(await page.getByRole("tabpanel").textContent()).toContain("Arrival, coffee and safety briefing");
    await page.reload();
    expect(await page.getByRole("tab", { name: "Schedule" }).getAttribute("aria-selected")).toBe("true");
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });
});

describe("event detail load failure", () => {
  it.each([
    ["answers 500", (route: Route) => route.fulfill({ status: 500, body: "" })],
    ["cannot be reached", (route: Route) => route.abort("failed")],
  ])("toasts and logs when the event's details fail to load and the server %s", async (_case, fail) => {
    await page.goto(`${baseUrl}/events`);
    await waitForHydration(page);
    // Only the event page's data request fails; the list's own requests go through.
    await page.route(/\/events\/[^/?]+\.data(\?|$)/, fail);
    await page
      .getByRole("link", { name: /View Details/ })
      .first()
      .click();
    await page.getByText("Failed to load event details.", { exact: true }).waitFor();
    expect(pageErrors.some((error) => error.includes("Failed to load event details"))).toBe(true);
    // The event page's own error, not the whole site's: the rest of the layout stays.
    expect(await page.getByRole("link", { name: "Browse All Events" }).isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
  });
});

describe("partner profile", () => {
  it("has no navbar or footer and passes axe", async () => {
    await page.goto(`${baseUrl}/partners/frankfurter-rg-germania`);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Frankfurter RG Germania");
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    expect(await page.locator("footer").count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});

describe("not found", () => {
  it("answers 404 with a way home", async () => {
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Rethink Corporate Life" }).waitFor();
    await expectNoAxeViolations(page);
  });

  it("shows the spec's texts for an unknown event", async () => {
    const response = await page.goto(`${baseUrl}/events/no-such-event`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Event Not Found" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Browse All Events" }).getAttribute("href")).toBe("/events");
  });
});

describe("static assets", () => {
  it("are served with long-lived caching", async () => {
    const response = await page.goto(baseUrl);
    const html = (await response?.text()) ?? "";
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await page.request.get(`${baseUrl}${asset}`);
    expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("browser errors", () => {
  it("reach the server's log: an uncaught error once however often it recurs, and a rejection", async () => {
    await page.goto(`${baseUrl}/events?q=secret-in-the-query`);
    await waitForHydration(page);
    await page.evaluate(() => {
      for (let i = 0; i < 3; i += 1) {
        setTimeout(() => {
          throw new Error("A script of the events page broke (e2e)");
        });
      }
      void Promise.reject(new Error("A promise of the events page was rejected (e2e)"));
    });
    const logged = () =>
      serverLogMessages(serverLog)
        .split("\n")
        .filter((line) => line.startsWith("In a browser:") && line.includes("(e2e)"));
    await expect.poll(logged, { timeout: scaled(15_000) }).toHaveLength(2);
    expect(logged().sort()).toEqual([
      `In a browser: Uncaught error: A script of the events page broke (e2e) on ${baseUrl}/events`,
      `In a browser: Unhandled rejection: A promise of the events page was rejected (e2e) on ${baseUrl}/events`,
    ]);
    expect(pageErrors.length).toBeGreaterThan(0);
  });
});
