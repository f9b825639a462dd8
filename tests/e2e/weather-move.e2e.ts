import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { formatDate } from "~/lib/dates";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { signInAs } from "./sessions";
import { WEATHER_EVENT } from "./weather-event";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
let context: BrowserContext;
let page: Page;
withFreshPage((fresh) => ({ context, page } = fresh));

async function open(path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

describe("the weather decision", () => {
  it("a partner moves a published event to its backup date, and the public page shows the new date", async () => {
    await signInAs(context, accounts.partner);
    await open("/dashboard/partner/events");
    await page.getByRole("link", { name: WEATHER_EVENT.title }).first().click();
    await page.getByRole("heading", { level: 1, name: WEATHER_EVENT.title }).waitFor();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Weather decision" }).click();
    await page.getByRole("heading", { level: 1, name: `Weather decision: ${WEATHER_EVENT.title}` }).waitFor();
    await waitForHydration(page);
    expect(await page.getByText("No weather decision yet.").isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // The question opens from the keyboard, in a dialog that takes the focus.
    const ask = page.getByRole("button", { name: "Move to backup date…" });
    await ask.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await expectNoAxeViolations(page);

    // Without the confirmation the move is refused next to the checkbox, and the note stays.
    const confirm = dialog.getByLabel("Yes, move the event and tell every team");
    await dialog.getByLabel("Note").fill("Gusts of 15 m/s on Saturday");
    await dialog.getByRole("button", { name: "Move to backup date" }).click();
    await expect.poll(() => confirm.getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByLabel("Note").inputValue()).toBe("Gusts of 15 m/s on Saturday");

    await confirm.check();
    await dialog.getByRole("button", { name: "Move to backup date" }).click();
    await page.getByText("The event is moved to its backup date, and every team is told").first().waitFor();
    const latest = page.getByRole("region", { name: "Latest decision" });
    await latest.getByText(/^Moved because of the weather from /).waitFor();
    expect(await latest.getByText("Gusts of 15 m/s on Saturday").isVisible()).toBe(true);
    // The backup date is used: there is none left to move to.
    expect(await page.getByRole("button", { name: "Move to backup date…" }).isDisabled()).toBe(true);
    await page.waitForTimeout(800);
    await expectNoAxeViolations(page);

    // The public page shows the new date (the backup's, as the setup made it) and why.
    const day = 24 * 60 * 60 * 1000;
    const firstDate = new Date(Date.now() + WEATHER_EVENT.daysAhead * day);
    firstDate.setUTCHours(8, 0, 0, 0);
    const backupDate = new Date(firstDate.getTime() + WEATHER_EVENT.backupDaysLater * day);
    await open(`/events/${WEATHER_EVENT.slug}`);
    await page.getByRole("heading", { level: 1, name: WEATHER_EVENT.title }).waitFor();
    await page.getByText(/Moved because of the weather from /).waitFor();
    expect(await page.getByText(formatDate(backupDate, "en")).first().isVisible()).toBe(true);
  });
});
