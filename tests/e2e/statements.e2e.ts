import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { signInAs } from "./sessions";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

async function open(path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

// Spec: statements are shown to the partner and the admin; every page passes axe. The
// sample content's documents are of this month, whose statements are made next month, so
// the lists are empty here; settlements.test.ts covers the rows.
describe("statements in the workspaces", () => {
  it("the partner's Statements page is in the menu, says when there are none yet and passes axe", async () => {
    await signInAs(context, accounts.partner);
    await open("/dashboard/partner");
    await page.getByRole("link", { name: "Statements" }).first().click();
    await page.waitForURL(/\/dashboard\/partner\/statements$/);
    await page.getByRole("heading", { level: 1, name: "Statements" }).waitFor();
    await expect
      .poll(() => page.getByText("No statements yet.", { exact: false }).count())
      .toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });

  it("the admin's Statements page filters by month and partner, says which month it could not read, and passes axe", async () => {
    await signInAs(context, accounts.admin);
    await open("/dashboard/admin/statements?month=2027-13");
    await page.getByRole("heading", { level: 1, name: "Statements" }).waitFor();
    const month = page.getByLabel("Month");
    await expect.poll(() => month.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("The month was not understood, so statements of every month are shown.").waitFor();
    await expectNoAxeViolations(page);

    await month.fill("2026-11");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/month=2026-11/);
    await waitForHydration(page);
    await page.getByText("No statements match the filters.").waitFor();
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });
});
