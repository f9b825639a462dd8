import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { signInAs } from "./sessions";
import { postBookingForm } from "./team-form";

const baseUrl = inject("baseUrl");
// The test's own account, so its bookings list holds only what this file books.
const account = inject("accounts").canceller;
const PHONE = { width: 390, height: 844 };
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh), {
  viewport: PHONE,
  isMobile: true,
  hasTouch: true,
});

/** Books a team as the form without JavaScript would; returns the booking's id. */
const book = (slug: string, teamName: string) =>
  postBookingForm(context, baseUrl, slug, account, "Fjord Freight", { teamName });

/** Whether the element lies wholly inside the phone's screen. */
async function inViewport(locator: Locator) {
  const box = await locator.boundingBox();
  return Boolean(
    box && box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height,
  );
}

const holdsFocus = (locator: Locator) =>
  locator.evaluate((element) => element.contains(document.activeElement));

/** The dialog asking about `teamName`, checked to be in view with focus inside. */
async function openedDialog(teamName: string) {
  const dialog = page.getByRole("dialog", { name: `Are you sure you want to cancel ${teamName}?` });
  await dialog.waitFor();
  expect(await inViewport(dialog)).toBe(true);
  await expect.poll(() => holdsFocus(dialog)).toBe(true);
  return dialog;
}

describe("cancelling a booking on a phone", () => {
  it("asks in a dialog where the person is, keeps focus in it, and cancels from My Bookings", async () => {
    await signInAs(context, account);
    // Enough bookings that the last one, the latest event, is a few screens down.
    for (const [slug, team] of [
      ["virtual-career-workshop", "Workshop Crew"],
      ["networking-mixer", "Mixer Crew A"],
      ["networking-mixer", "Mixer Crew B"],
      ["networking-mixer", "Mixer Crew C"],
      ["indoor-rowing-challenge", "Far Down Crew"],
    ] as const) {
      await book(slug, team);
    }
    await page.goto(`${baseUrl}/dashboard/bookings`);
    await waitForHydration(page);

    const cancel = page.getByRole("link", { name: "Cancel the booking for Far Down Crew" });
    await cancel.scrollIntoViewIfNeeded();
    expect(
      await page.evaluate(() => window.scrollY),
      "the booking is below the first screen",
    ).toBeGreaterThan(0);
    await cancel.tap();
    const dialog = await openedDialog("Far Down Crew");
    await expectNoAxeViolations(page);

    // Tabbing stays in the dialog; Escape closes it and focus goes back to the link.
    for (let press = 0; press < 4; press += 1) {
      await page.keyboard.press("Tab");
      expect(await holdsFocus(dialog)).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => cancel.evaluate((element) => element === document.activeElement)).toBe(true);

    await cancel.tap();
    await (
      await openedDialog("Far Down Crew")
    )
      .getByRole("button", { name: "Yes, cancel the booking" })
      .tap();
    await page.getByText("Your booking has been cancelled").first().waitFor();
    const card = page.getByRole("article").filter({ hasText: "Far Down Crew" });
    await card.getByText("Cancelled").waitFor();
    expect(await page.getByRole("link", { name: "Cancel the booking for Far Down Crew" }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("asks in a dialog from the bottom of the booking's own page", async () => {
    await signInAs(context, account);
    const id = await book("leadership-brunch-copenhagen", "Brunch Crew");
    await page.goto(`${baseUrl}/dashboard/bookings/${id}`);
    await waitForHydration(page);

    const start = page.getByRole("button", { name: "Cancel this booking…" });
    await start.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY), "the button is below the first screen").toBeGreaterThan(
      800,
    );
    await start.tap();
    const dialog = await openedDialog("Brunch Crew");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Yes, cancel the booking" }).tap();
    await page.waitForURL(`${baseUrl}/dashboard/bookings`);
    await page.getByText("Your booking has been cancelled").first().waitFor();
    await page.getByRole("article").filter({ hasText: "Brunch Crew" }).getByText("Cancelled").waitFor();
    expect(pageErrors).toEqual([]);
  });
});
