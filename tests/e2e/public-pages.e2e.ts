import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, withFreshPage, waitForHydration } from "./browser";
import { serverLogMessages } from "./outbox";
import { scaled } from "../support/timeouts";

const baseUrl = inject("baseUrl");
const serverLog = inject("serverLog");
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ page, errors: pageErrors } = fresh), {
  permissions: ["clipboard-read", "clipboard-write"],
});

async function open(path: string) {
  const response = await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
  return response;
}

describe("every public page", () => {
  it.each([
    [
      "/",
      "Rethink Corporate Life",
      ["Why Choose RCL", "Upcoming Networking Mixer", "Become a Partner", "Sign Up Now"],
    ],
    ["/events", "Corporate Rowing Events", ["Riverside Team Racing", "Organizing Your Own Event?"]],
    [
      "/events/riverside-team-racing",
      "Riverside Team Racing",
      ["8 team spots remaining", "Other Events You Might Like"],
    ],
    ["/partners", "Partner With RCL", ["Frankfurter RG Germania", "Apply Now"]],
    ["/partners/frankfurter-rg-germania", "Frankfurter RG Germania", ["Founded 1869", "Events Hosted"]],
    ["/networking", "Strategic Networking", ["Professional Connections", "Leadership Brunch Copenhagen"]],
    [
      "/about",
      "Nobody moves the boat alone",
      ["Connection", "Innovation", "Balance", "Growth", "Mette Lindqvist"],
    ],
    ["/contact", "Contact Us", ["Send message"]],
    ["/partners/apply", "Apply to Become a Partner", ["Submit application"]],
    ["/terms", "Terms of Use", ["hello@rethinkcorporatelife.dk"]],
    ["/privacy", "Privacy Notice", ["Datatilsynet", "43218778"]],
  ])("%s shows its key texts and passes axe", async (path, heading, texts) => {
    const response = await open(path);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toContain(heading);
    const body = (await page.locator("body").textContent()) ?? "";
    for (const text of texts) expect(body).toContain(text);
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });

  it("fit a 360 px phone without sideways scrolling", async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      "/",
      "/events",
      "/events/riverside-team-racing",
      "/partners",
      "/partners/frankfurter-rg-germania",
      "/contact",
    ]) {
      await open(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

describe("events search", () => {
  it("filters as you type and choose, keeping the filters in the URL", async () => {
    await open("/events");
    await page.getByLabel("Search").fill("oxford");
    await page.waitForURL(/q=oxford/);
    await page.getByRole("heading", { name: "Oxford Leadership Summit" }).waitFor();
    // Oxford was in the unfiltered list too: the filtered one has rendered once Riverside is gone.
    await expect.poll(() => page.getByRole("heading", { name: "Riverside Team Racing" }).count()).toBe(0);
    await page.getByLabel("Search").fill("");
    await page.getByLabel("Event Type").selectOption("indoor_rowing");
    await page.waitForURL(/type=indoor_rowing/);
    await page.getByRole("heading", { name: "Indoor Rowing Challenge" }).waitFor();
    // The address changes before the filtered list renders.
    await expect.poll(() => page.locator("main ul > li").count()).toBe(1);
  });
});

describe("share button", () => {
  it("copies the page address and says so", async () => {
    await open("/events/riverside-team-racing");
    await page.getByRole("button", { name: "Share Event" }).click();
    await page.getByText("Event link copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl}/events/riverside-team-racing`,
    );
  });

  it("offers a selectable field when the clipboard and share sheet are unavailable", async () => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) },
      });
      Object.defineProperty(navigator, "share", { value: undefined });
    });
    await open("/events/riverside-team-racing");
    await page.getByRole("button", { name: "Share Event" }).click();
    const field = page.getByLabel("Copy this link to share the event:");
    await field.waitFor();
    expect(await field.inputValue()).toBe(`${baseUrl}/events/riverside-team-racing`);
  });
});

describe("a section that hydrates after the page", () => {
  it("keeps its server HTML while its code is on the way, though the live count re-renders its card", async () => {
    // The share button's code is held back until the stream's first figures have arrived.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/event-share-actions-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const streaming = page.waitForResponse(/\/events\/riverside-team-racing\/availability$/);
    // Not waiting for the load event, which waits for the held file too: the stream opens
    // once the card has hydrated.
    await page.goto(`${baseUrl}/events/riverside-team-racing`, { waitUntil: "commit" });
    await streaming;
    // Time for the first figures to reach the card and render it again.
    await page.waitForTimeout(500);
    const share = page.getByRole("button", { name: "Share Event" });
    expect(await share.isVisible()).toBe(true);
    const shareCode = page.waitForResponse(/\/assets\/event-share-actions-[\w-]+\.js$/);
    release();
    await shareCode;
    // Until React has hydrated it, a click follows the button's no-JavaScript fallback, which
    // a busy machine reaches first; the point here is that the server's button works once its
    // code is in.
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll("button")].find((candidate) =>
        candidate.textContent?.includes("Share Event"),
      );
      return button !== undefined && Object.keys(button).some((key) => key.startsWith("__reactProps"));
    });
    await share.click();
    await page.getByText("Event link copied to clipboard!").waitFor();
  });
});

describe("an event page reached by a link", () => {
  it("shows its picture, tabs and description with the booking card, however slowly the code comes", async () => {
    await open("/events");
    // From here on every script arrives a second late, as on a slow phone's connection.
    await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByRole("link", { name: "View Details: Riverside Team Racing" }).click();
    await page.getByRole("complementary", { name: "Registration" }).waitFor();
    // The moment the booking card shows, the main column beside it is there too.
    expect(await page.getByRole("heading", { level: 1, name: "Riverside Team Racing" }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole("tablist", { name: "Event information" }).isVisible()).toBe(true);
    expect(await page.locator(".prose-rich").isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
    // The next tests get their scripts at once; a script still held is let through first.
    await page.unrouteAll({ behavior: "wait" });
  });
});

describe("calendar", () => {
  it("downloads the event as an .ics file", async () => {
    await open("/events/riverside-team-racing");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Add to calendar" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("riverside-team-racing.ics");
    const content = fs.readFileSync((await download.path()) ?? "", "utf8");
    expect(content).toContain("DTSTART;TZID=Europe/Copenhagen:");
  });
});

describe("contact form", () => {
  it("shows each message under its field, then sends and records the mail in the outbox", async () => {
    await open("/contact");
    await page.getByLabel("Name").fill("Anna Berg");
    await page.getByLabel("Email").fill("anna@");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Please enter a valid email address", { exact: true }).waitFor();
    expect(await page.getByText("Please enter a subject", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel("Name").inputValue()).toBe("Anna Berg");

    await page.getByLabel("Email").fill("anna@nordhavn-analytics.example");
    await page.getByLabel("Subject").fill("Rowing day in September");
    await page.getByLabel("Message").fill("Could we bring three teams to the harbour in September?");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Thank you! Your message has been sent.").first().waitFor();
    expect(await page.getByLabel("Name").inputValue()).toBe("");
    // The mail is a job: a worker sends it within its polling interval, not the request.
    await expect
      .poll(() => serverLogMessages(serverLog), { timeout: scaled(15_000) })
      .toContain(
        'Mail to hello@rethinkcorporatelife.dk: "Contact form: Rowing day in September" recorded in the dev outbox',
      );
  });
});

describe("partner application", () => {
  it("keeps typed values on errors and shows the confirmation page on success", async () => {
    await open("/partners/apply");
    await page.getByLabel("Organisation name").fill("Odense Kajakklub");
    await page.getByRole("button", { name: "Submit application" }).click();
    await page.getByText("Please choose the type of organisation", { exact: true }).waitFor();
    expect(await page.getByLabel("Organisation name").inputValue()).toBe("Odense Kajakklub");

    await page.getByLabel("Type").selectOption("rowing_club");
    await page.getByLabel("Location").fill("Odense, Denmark");
    await page
      .getByLabel("Description")
      .fill("Kayak and rowing club on the Odense river with coached corporate sessions.");
    await page.getByLabel("Contact name").fill("Lise Dahl");
    await page.getByLabel("Email").fill("lise@odense-kajak.example");
    await page.getByLabel("Message").fill("We would like to reach companies on Funen.");
    await page.getByRole("button", { name: "Submit application" }).click();
    await page.waitForURL(`${baseUrl}/partners/apply/submitted`);
    await page.getByRole("heading", { name: "Thank you for applying!" }).waitFor();
    await expectNoAxeViolations(page);
  });
});
