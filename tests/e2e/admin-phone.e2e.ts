import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, waitForHydration } from "./browser";
import { signInAs } from "./sessions";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Every admin list fits a 390 px phone: a row is a card there, and nothing makes the page
// scroll sideways (issue 23's "every workspace list must fit a phone").
describe("admin lists on a phone", () => {
  const lists = [
    "/dashboard/admin",
    "/dashboard/admin/events",
    "/dashboard/admin/partners",
    "/dashboard/admin/partners/applications",
    "/dashboard/admin/partners/applications?status=approved",
    "/dashboard/admin/users",
    "/dashboard/admin/audit",
    "/dashboard/admin/reports",
  ];

  it("fits every admin list page into 390 px", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await signInAs(context, accounts.admin);
    const page = await context.newPage();
    const tooWide: string[] = [];
    for (const path of lists) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      await waitForHydration(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) tooWide.push(`${path}: ${width} px`);
    }
    expect(tooWide).toEqual([]);
    await context.close();
  });
});
