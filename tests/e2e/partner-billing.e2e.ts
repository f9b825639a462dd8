import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { signInAs } from "./sessions";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
const PAGE = "/dashboard/partner/billing";
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

// The billing details page and the admin's view of them. Nothing is saved: the demo
// partners' billing details are what other tests invoice with.
describe("the partner's billing details", () => {
  it("has no accessibility violations, with and without the form's messages", async () => {
    // The demo partner account is a member of Frankfurter RG Germania.
    await signInAs(context, accounts.partner);
    await page.goto(`${baseUrl}${PAGE}`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Billing details: Frankfurter RG Germania" }).waitFor();
    expect(await page.getByRole("radio", { name: "Registered for moms (25 %)" }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);

    const cvr = page.getByLabel("CVR number");
    await cvr.fill("31245681");
    await page.getByRole("button", { name: "Save billing details" }).click();
    const summary = page.getByRole("group", { name: "There is a problem" });
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(
      await page.getByText("This is not a valid CVR number; please check the digits").count(),
    ).toBeGreaterThan(0);
    expect(await cvr.getAttribute("aria-invalid")).toBe("true");
    expect(await cvr.inputValue()).toBe("31245681");
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });

  it("is in the partner menu, and shows the admin the partner's details and their confirmation", async () => {
    await signInAs(context, accounts.partner);
    await page.goto(`${baseUrl}/dashboard/partner`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Billing", exact: true }).first().click();
    await page.waitForURL(`${baseUrl}${PAGE}`);

    await context.clearCookies();
    await signInAs(context, accounts.admin);
    await page.goto(`${baseUrl}/dashboard/admin/partners`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Frankfurter RG Germania" }).first().click();
    const billing = page.getByRole("region", { name: "Billing" });
    await billing.waitFor();
    expect(await billing.textContent()).toMatch(/Moms status confirmed on/);
    expect(await billing.textContent()).toContain("Germania Events ApS");
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });
});
