import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, trackPageErrors, waitForHydration } from "./browser";
import { signInAs } from "./sessions";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");

// A sample event of the demo partner (ADR 038's weather board). The end-to-end site has no
// DMI_FORECAST_URL, so the board says to decide by hand; the forecasts themselves are the
// integration tests' (weather-board.test.ts), replayed from DMI's recorded answers.
const EVENT = "Oxford Leadership Summit";

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ ignoreHTTPSErrors: true });
  await signInAs(context, accounts.partner);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const isFocused = (locator: ReturnType<Page["getByRole"]>) =>
  locator.evaluate((element) => element === document.activeElement);

describe("the weather board", () => {
  it("a partner sets the limits, is told about a point outside Denmark, and sees no forecast configured", async () => {
    const errors = trackPageErrors(page);
    await page.goto(`${baseUrl}/dashboard/partner/events?tab=upcoming`);
    await waitForHydration(page);
    await page.getByRole("link", { name: new RegExp(`^Registrations\\W+${EVENT}$`) }).click();
    await page.waitForURL(/[?&]event=/);
    const eventId = new URL(page.url()).searchParams.get("event");
    await page.goto(`${baseUrl}/dashboard/partner/events/${eventId}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Weather board" }).click();
    await page.getByRole("heading", { name: "Weather board", level: 1 }).waitFor();
    await waitForHydration(page);
    await page.getByText("No forecast is configured; decide by hand.").waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel("Highest mean wind (m/s)").fill("8,5");
    await page.getByLabel("Latitude of the forecast point").fill("59.33");
    await page.getByLabel("Longitude of the forecast point").fill("18.06");
    await page.getByRole("button", { name: "Save limits" }).click();
    const summary = page.getByRole("group", { name: "There is a problem" });
    await summary.waitFor();
    await expect.poll(() => isFocused(summary)).toBe(true);
    await expectNoAxeViolations(page);
    expect(await page.getByLabel("Latitude of the forecast point").inputValue()).toBe("59.33");

    await page.getByLabel("Latitude of the forecast point").fill("55.6795");
    await page.getByLabel("Longitude of the forecast point").fill("12.595");
    await page.getByRole("button", { name: "Save limits" }).click();
    await page.getByText("The weather limits are saved.").first().waitFor();
    await waitForHydration(page);
    expect(await page.getByLabel("Highest mean wind (m/s)").inputValue()).toBe("8.5");
    await page.waitForTimeout(800);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
