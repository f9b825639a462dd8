import type { Browser, Page } from "playwright-core";
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

/** Every link of the dashboard's side menus and quick-action cards on `path`. */
async function dashboardLinks(page: Page, path: string): Promise<string[]> {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
  const hrefs = await page
    .locator("aside nav a, aside [role=group] a, section:has(> h2:text-is('Quick actions')) a")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
  return [...new Set(hrefs)];
}

// Spec §2's menus and quick actions, and the pages added after them: each must open a
// real page, not the dashboard's 404.
describe("dashboard menus", () => {
  const areas = [
    { account: "user", path: "/dashboard", least: 5 },
    { account: "partner", path: "/dashboard/partner", least: 8 },
    { account: "admin", path: "/dashboard/admin", least: 8 },
  ] as const;

  for (const { account, path, least } of areas) {
    it(`every menu entry and quick action of the ${account} opens a real page`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await signInAs(context, accounts[account]);
      const page = await context.newPage();
      const links = await dashboardLinks(page, path);
      expect(links.length).toBeGreaterThanOrEqual(least);
      const broken: string[] = [];
      for (const link of links) {
        const response = await page.goto(`${baseUrl}${link}`);
        const notFound = await page.getByRole("heading", { name: "Oops! Page not found" }).count();
        if (response?.status() !== 200 || notFound > 0) broken.push(`${link} (${response?.status()})`);
      }
      expect(broken).toEqual([]);
      await context.close();
    });
  }
});
