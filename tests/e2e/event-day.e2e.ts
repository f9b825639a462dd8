import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, trackPageErrors, waitForHydration, withFreshPage } from "./browser";
import { signInAs } from "./sessions";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
let context: BrowserContext;
let page: Page;
withFreshPage((fresh) => ({ context, page } = fresh));

// A sample event of the demo partner, with two teams booked by the sample content.
const EVENT = "Oxford Leadership Summit";

describe("the event's day page", () => {
  it("a partner opens it from the crew list, is shown the error beside the field, and saves a declaration", async () => {
    const errors = trackPageErrors(page);
    await signInAs(context, accounts.partner);
    await page.goto(`${baseUrl}/dashboard/partner/events?tab=upcoming`);
    await waitForHydration(page);
    await page.getByRole("link", { name: new RegExp(`^Registrations\\W+${EVENT}$`) }).click();
    await page.getByRole("heading", { name: `Registrations: ${EVENT}` }).waitFor();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Crew list" }).click();
    await page.getByRole("heading", { name: "Confirmed teams" }).waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "The day on the water" }).click();
    await page.getByRole("heading", { name: "The rowers' declaration" }).waitFor();
    await waitForHydration(page);
    expect(await page.getByRole("link", { name: "Open check-in" }).getAttribute("href")).toMatch(
      /^\/dashboard\/partner\/check-in\/[0-9a-f-]{36}$/,
    );
    await expectNoAxeViolations(page);

    // An empty text: the summary takes the focus, the field says why, the translation stays.
    const main = page.getByLabel(/^Declaration \((English|Danish)\)$/).first();
    const translation = page.getByLabel(/^Declaration \((English|Danish)\)/).nth(1);
    await main.fill("");
    await translation.fill("Jeg ror på eget ansvar.");
    await page.getByRole("button", { name: "Save declaration" }).click();
    await expect.poll(() => main.getAttribute("aria-invalid")).toBe("true");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toContain("There is a problem");
    expect(await translation.inputValue()).toBe("Jeg ror på eget ansvar.");
    await expectNoAxeViolations(page);

    const text = `I row at my own risk (${Date.now()}).`;
    await main.fill(text);
    await page.getByRole("button", { name: "Save declaration" }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/day") && url.search === "", { timeout: 30_000 });
    await page
      .getByRole("rowheader", { name: /\(current\)$/ })
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        // What the page said instead, so a refusal is read in the test's output.
        throw new Error(`${String(error)}\n${await page.locator("main").innerText()}`);
      });
    await page.waitForTimeout(800);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
