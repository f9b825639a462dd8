import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, openUntilShown, waitForHydration, withFreshPage } from "./browser";
import { linkFromOutbox, subjectFromOutbox } from "./outbox";
import { signInAs } from "./sessions";
import { postBookingForm } from "./team-form";
import { stopRemindersToken } from "#server/seats/seat-token";

const baseUrl = inject("baseUrl");
// The test's own account, so its bookings hold only what this file books.
const account = inject("accounts").rowerBooker;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

/** Books a team with a rower's address, as the form without JavaScript would; returns its id. */
const bookWithRower = (rowerEmail: string) =>
  postBookingForm(context, baseUrl, "networking-mixer", account, "Kalvebod Kayaks", {
    teamName: "Link Crew",
    "roster[0].name": account.name,
    "roster[1].name": "Rikke Roer",
    "roster[1].email": rowerEmail,
  });

describe("a rower's link", () => {
  it("reaches the rower, who confirms their seat, and the booker and the captain see it confirmed", async () => {
    await signInAs(context, account);
    const rowerEmail = `rikke-${randomUUID().slice(0, 8)}@e2e.rcl.dk`;
    const bookingId = await bookWithRower(rowerEmail);

    // The rower's mail, sent by the links' job once the booking's place is confirmed.
    const subject = await subjectFromOutbox(rowerEmail, "Link Crew at ");
    const rowerLink = await linkFromOutbox(rowerEmail, subject);
    expect(rowerLink).toMatch(/\/rower\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

    // The rower has no account: a context of their own, with no cookies.
    const rowerContext = await context.browser()!.newContext({ ignoreHTTPSErrors: true });
    const rowerPage = await rowerContext.newPage();
    try {
      await rowerPage.goto(rowerLink);
      await waitForHydration(rowerPage);
      await expect
        .poll(() => rowerPage.getByRole("heading", { level: 1 }).textContent())
        .toBe("Your seat, Rikke Roer");
      await expectNoAxeViolations(rowerPage);
      await rowerPage.getByLabel("Yes, I can swim 300 m").check();
      await rowerPage.getByLabel("Emergency contact's name").fill("Mor Roer");
      await rowerPage.getByLabel("Emergency contact's phone").fill("+45 20 30 40 50");
      await rowerPage.getByRole("button", { name: "Confirm my seat" }).click();
      await rowerPage.getByText(/You confirmed your seat/).waitFor();

      // The link in a reminder stops them: the page asks first, the button stops them.
      const seat = { id: rowerLink.split("/rower/")[1]!.split(".")[0]!, tokenVersion: 1 };
      await rowerPage.goto(`${baseUrl}/stop-reminders/${stopRemindersToken(inject("authSecret"), seat)}`);
      await waitForHydration(rowerPage);
      await expect
        .poll(() => rowerPage.getByRole("heading", { level: 1 }).textContent())
        .toBe("Stop reminders about your seat");
      await expectNoAxeViolations(rowerPage);
      await rowerPage.getByRole("button", { name: "Stop reminders" }).click();
      await rowerPage.getByText(/Reminders about this seat are stopped, since/).waitFor();
      await expectNoAxeViolations(rowerPage);
      // The rower turns them on again on their own page.
      await rowerPage.goto(rowerLink);
      await waitForHydration(rowerPage);
      await rowerPage.getByText(/You stopped the reminders about this seat on/).waitFor();
      await expectNoAxeViolations(rowerPage);
      await rowerPage.getByRole("button", { name: "Turn reminders back on" }).click();
      await rowerPage.getByText("Reminders are on again.").waitFor();
      expect(await rowerPage.getByRole("button", { name: "Turn reminders back on" }).count()).toBe(0);

      // Without JavaScript the same forms work: the pages' referrer policy lets their posts
      // carry the site's Origin (with no-referrer they carried `Origin: null` and got a 403).
      const plainContext = await context.browser()!.newContext({
        ignoreHTTPSErrors: true,
        javaScriptEnabled: false,
      });
      try {
        const plain = await plainContext.newPage();
        await plain.goto(`${baseUrl}/stop-reminders/${stopRemindersToken(inject("authSecret"), seat)}`);
        const [stopped] = await Promise.all([
          plain.waitForNavigation(),
          plain.getByRole("button", { name: "Stop reminders" }).click(),
        ]);
        expect(stopped?.status()).toBe(200);
        await plain.getByText(/Reminders about this seat are stopped, since/).waitFor();
        await plain.goto(rowerLink);
        await plain.getByText(/You stopped the reminders about this seat on/).waitFor();
        const [resumed] = await Promise.all([
          plain.waitForNavigation(),
          plain.getByRole("button", { name: "Turn reminders back on" }).click(),
        ]);
        expect(resumed?.status()).toBe(200);
        expect(await plain.getByRole("button", { name: "Turn reminders back on" }).count()).toBe(0);
      } finally {
        await plainContext.close();
      }
    } finally {
      await rowerContext.close();
    }

    // The booker's page shows the seat confirmed.
    await openUntilShown(
      () => page.goto(`${baseUrl}/dashboard/bookings/${bookingId}`),
      () => page.locator("#rowers tr", { hasText: "Rikke Roer" }).getByText("Confirmed", { exact: true }),
    );

    // The captain's crew page, from their own mail.
    const crewSubject = await subjectFromOutbox(account.email, "Link Crew at ");
    expect(crewSubject).toMatch(/your crew page$/);
    const crewLink = await linkFromOutbox(account.email, crewSubject);
    await page.goto(crewLink);
    await waitForHydration(page);
    await expect
      .poll(() => page.locator("tr", { hasText: "Rikke Roer" }).textContent())
      .toContain("Confirmed");
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });
});
