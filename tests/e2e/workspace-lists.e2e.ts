import { randomUUID } from "node:crypto";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { AccountName } from "./data-dir";
import { waitForHydration, withFreshPage } from "./browser";
import { signInAs } from "./sessions";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
const PHONE = { width: 390, height: 844 };

let context: BrowserContext;
let page: Page;
withFreshPage((fresh) => ({ context, page } = fresh), { viewport: PHONE, isMobile: true, hasTouch: true });

/** Books a team for the signed-in account as the form without JavaScript would, once per file. */
let booked = false;
async function bookOnce() {
  if (booked) return;
  const account = accounts.phone;
  const response = await context.request.post(`${baseUrl}/events/indoor-rowing-challenge/register`, {
    form: {
      teamName: "Phone Crew",
      company: "Amager Advisory",
      billingCompany: "Amager Advisory ApS",
      cvr: VALID_CVR,
      billingEmail: "invoices@amager-advisory.example",
      ...invoiceAddress,
      captainName: account.name,
      captainEmail: account.email,
      captainPhone: "+45 11 22 33 44",
      acceptTerms: "on",
      idempotencyKey: randomUUID(),
    },
    headers: { Origin: baseUrl },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  booked = true;
}

/** The first of the shown elements `locator` finds, wholly within the phone's width. */
async function expectWithinWidth(name: string, locator: Locator) {
  const shown = locator.filter({ visible: true }).first();
  const box = await shown.boundingBox();
  expect(box, `${name} is shown`).not.toBeNull();
  expect(box!.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} ends on screen`).toBeLessThanOrEqual(PHONE.width);
}

/** The dashboard's five-row table: the first row's name and its last column, the status. */
function nextOnDashboard(main: Locator) {
  const table = main.getByRole("region", { name: /^Your next/ });
  return { name: table.locator("tbody th"), status: table.locator("tbody tr").first().locator("td").last() };
}

/** Each list's key columns, found by what they show in the list's first record. */
const LISTS: { account: AccountName; path: string; keys: (main: Locator) => Record<string, Locator> }[] = [
  {
    account: "partner",
    path: "/dashboard/partner/events",
    keys: (main) => ({
      event: main.getByRole("link", { name: /^(Edit|Details)\b/ }),
      status: main.getByText(/^(Draft|In review|Changes requested|Published|Cancelled)$/),
      date: main.locator("time"),
      teams: main.getByText(/\d+ \/ \d+/),
      actions: main.getByRole("link", { name: /^Duplicate\b/ }),
    }),
  },
  {
    account: "partner",
    path: "/dashboard/partner/registrations",
    keys: (main) => ({
      team: main.locator('a[href^="/dashboard/partner/registrations/"]:not([href*="export"])'),
      status: main.getByText(/^(Confirmed|Waitlisted|Cancelled)$/).and(main.locator(":not(option)")),
      reference: main.getByText(/RCL-[A-Z0-9]{6}/),
      roster: main.getByText(/ named$/),
    }),
  },
  {
    account: "partner",
    path: "/dashboard/partner/inquiries",
    keys: (main) => ({
      subject: main.locator('a[href^="/dashboard/partner/inquiries/"]'),
      received: main.locator("time"),
      status: main.getByText(/^(New|Answered|Archived)$/),
    }),
  },
  {
    account: "partner",
    path: "/dashboard/partner/analytics",
    keys: (main) => ({
      event: main.locator('a[href^="/events/"]'),
      share: main.getByText(/^\d+%$/),
    }),
  },
  {
    account: "partner",
    path: "/dashboard/partner",
    keys: (main) => nextOnDashboard(main),
  },
  {
    account: "phone",
    path: "/dashboard",
    keys: (main) => nextOnDashboard(main),
  },
  {
    account: "phone",
    path: "/dashboard/bookings",
    keys: (main) => ({
      reference: main.getByText(/^RCL-[A-Z0-9]{6}$/),
      action: main.getByRole("link", { name: /^(Edit|Details) the booking for / }),
    }),
  },
];

// Spec: every workspace list fits a phone, as cards or a table that stacks, with the
// columns that matter on screen rather than beyond its right edge.
describe("workspace lists on a 390 px phone", () => {
  for (const { account, path, keys } of LISTS) {
    it(`${path} fits the screen with its key columns shown`, async () => {
      await signInAs(context, accounts[account]);
      if (account === "phone") await bookOnce();
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      for (const [name, locator] of Object.entries(keys(page.getByRole("main")))) {
        await expectWithinWidth(name, locator);
      }
    });
  }
});
