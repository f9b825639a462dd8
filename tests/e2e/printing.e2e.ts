import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { signInAs } from "./sessions";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
// The test's own account, so its booking shows nowhere else.
const account = accounts.printer;
const EVENT_SLUG = "virtual-career-workshop";
const TEAM = "Print Room Crew";

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

/** Books a team with a full roster as the form without JavaScript would; returns the booking's id. */
async function book(): Promise<string> {
  const rowers = ["Astrid Holm", "Mads Berg", "Ida Lund", "Jens Kofoed", "Sara Nygaard"];
  const response = await context.request.post(`${baseUrl}/events/${EVENT_SLUG}/register`, {
    form: {
      teamName: TEAM,
      company: "Valby Print",
      billingCompany: "Valby Print ApS",
      cvr: VALID_CVR,
      billingEmail: "invoices@valby-print.example",
      ...invoiceAddress,
      captainName: account.name,
      captainEmail: account.email,
      captainPhone: "+45 12 34 56 78",
      ...Object.fromEntries(rowers.map((name, index) => [`roster[${index}].name`, name])),
      acceptTerms: "on",
      idempotencyKey: randomUUID(),
    },
    headers: { Origin: baseUrl },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  const id = /\/registered\/([^/?]+)$/.exec(response.headers().location ?? "")?.[1];
  if (!id) throw new Error(`No booking in ${response.headers().location}`);
  return id;
}

async function open(path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

/** The PDF's pages, each with its size in points (A4 is 595 × 842). */
function pdfPages(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString("latin1");
  expect(text.startsWith("%PDF-")).toBe(true);
  const pages = text.match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text);
  return pages.map(() => ({ width: Number(box?.[1]), height: Number(box?.[2]) }));
}

/**
 * Prints the page to A4 as Chromium does, after checking that what is for the screen
 * (`hidden`, each shown on the screen) is left off paper, and `shown` is on it.
 */
async function printed(hidden: string[], shown: string[]) {
  for (const selector of hidden) {
    expect(await page.locator(selector).first().isVisible(), `${selector} is on the screen`).toBe(true);
  }
  await page.emulateMedia({ media: "print" });
  for (const selector of hidden) {
    expect(await page.locator(selector).first().isVisible(), `${selector} is not printed`).toBe(false);
  }
  for (const text of shown) {
    expect(await page.getByText(text, { exact: false }).first().isVisible(), `${text} is printed`).toBe(true);
  }
  const pages = pdfPages(await page.pdf({ format: "A4" }));
  for (const { width, height } of pages) {
    // 210 × 297 mm, which Chromium rounds to whole pixels at 96 dpi.
    expect(Math.abs(width - 595)).toBeLessThan(2);
    expect(Math.abs(height - 842)).toBeLessThan(2);
  }
  await page.emulateMedia({ media: "screen" });
  return pages.length;
}

describe("printing", () => {
  it("prints the booking confirmation and the booking's page on A4 without the site around them", async () => {
    await signInAs(context, account);
    const id = await book();

    await open(`/events/${EVENT_SLUG}/registered/${id}`);
    await page.getByRole("heading", { name: "Your team is registered" }).waitFor();
    await expectNoAxeViolations(page);
    const confirmationPages = await printed(
      [
        'nav[aria-label="Main"]',
        "footer",
        'a:has-text("Go to My Bookings")',
        'a:has-text("Add to Google Calendar")',
        'a:has-text("Add to calendar (.ics)")',
      ],
      [
        "Your team is registered",
        "Booking reference",
        "Jens Kofoed",
        `Event page: ${baseUrl}/events/${EVENT_SLUG}`,
      ],
    );
    expect(confirmationPages).toBeGreaterThanOrEqual(1);
    expect(confirmationPages).toBeLessThanOrEqual(2);

    await open(`/dashboard/bookings/${id}`);
    await page.getByRole("heading", { name: TEAM, level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    const bookingPages = await printed(
      [
        "aside",
        'header:has-text("Signed in as")',
        'main a:has-text("My Bookings")',
        'main a:has-text("Add to Outlook")',
        'button:has-text("Save changes")',
        'input[name="teamName"]',
        "#cancel",
      ],
      [TEAM, "Booking reference", "Sara Nygaard"],
    );
    expect(bookingPages).toBeGreaterThanOrEqual(1);
    // The rowers' section (each seat's state, ADR 038) prints with the team: up to three pages.
    expect(bookingPages).toBeLessThanOrEqual(3);
    // The event's link carries its full address onto paper.
    await page.emulateMedia({ media: "print" });
    const after = await page
      .getByRole("link", { name: "Virtual Career Workshop" })
      .evaluate((link) => getComputedStyle(link, "::after").content);
    expect(after).toContain(`${baseUrl}/events/${EVENT_SLUG}`);
    await page.emulateMedia({ media: "screen" });

    // My Bookings offers the same three calendar targets, named for the event.
    await open("/dashboard/bookings");
    await page
      .getByRole("link", { name: "Add to Google Calendar for Virtual Career Workshop (opens in a new tab)" })
      .waitFor();
    await page
      .getByRole("link", { name: "Add to Outlook for Virtual Career Workshop (opens in a new tab)" })
      .waitFor();
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });

  it("prints the partner's crew list on A4 without the dashboard around it", async () => {
    await signInAs(context, accounts.partner);
    await open("/dashboard/partner/events?tab=upcoming");
    await page.getByRole("link", { name: /^Registrations\W+Oxford Leadership Summit$/ }).click();
    await page.getByRole("heading", { name: "Registrations: Oxford Leadership Summit" }).waitFor();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Crew list" }).click();
    await page.getByRole("heading", { name: "Confirmed teams" }).waitFor();
    await waitForHydration(page);
    const pages = await printed(
      [
        "aside",
        'header:has-text("Signed in as")',
        'main button:has-text("Print")',
        'main a:has-text("Registrations")',
      ],
      ["Oxford Leadership Summit", "Mainfeld Bank Crew", "Vesterbro Finance Crew"],
    );
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(3);
    expect(pageErrors).toEqual([]);
  });

  it("shows Google Calendar and Outlook beside the .ics on the event page, opening in a new tab", async () => {
    await open(`/events/${EVENT_SLUG}`);
    const google = page.getByRole("link", { name: "Add to Google Calendar (opens in a new tab)" });
    await google.waitFor();
    expect(await google.getAttribute("target")).toBe("_blank");
    expect(await google.getAttribute("rel")).toBe("noopener");
    expect(await google.getAttribute("href")).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?/);
    await page.getByRole("link", { name: "Add to Outlook (opens in a new tab)" }).waitFor();
    await page.getByRole("link", { name: "Add to calendar (.ics)" }).waitFor();
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });
});
