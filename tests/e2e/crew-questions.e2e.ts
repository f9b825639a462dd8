import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, openUntilShown, waitForHydration, withFreshPage } from "./browser";
import { linkFromOutbox, subjectFromOutbox } from "./outbox";
import { QUESTIONS_EVENT } from "./questions-event";
import { signInAs } from "./sessions";
import { postBookingForm } from "./team-form";

const baseUrl = inject("baseUrl");
// The test's own account, the booker and the team's captain both.
const account = inject("accounts").crewCaptain;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

/** Books a team of the questions event, as the form without JavaScript would; returns its id. */
const book = (teamName: string) =>
  postBookingForm(context, baseUrl, QUESTIONS_EVENT.slug, account, "Refshaleøen Robotics", {
    teamName,
    "roster[0].name": account.name,
  });

/** `text` as a regular expression that matches it literally. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("the captain's crew page", () => {
  it("takes the team's answers: a refusal keeps what was typed and takes the focus, and the booker sees who saved", async () => {
    await signInAs(context, account);
    const teamName = `Question Crew ${randomUUID().slice(0, 6)}`;
    const bookingId = await book(teamName);
    const subject = await subjectFromOutbox(account.email, `${teamName} at `);
    expect(subject).toMatch(/your crew page$/);
    const crewLink = await linkFromOutbox(account.email, subject);

    // The captain's link needs no account: a context of its own, with no cookies.
    const captainContext = await context.browser()!.newContext({ ignoreHTTPSErrors: true });
    const captainPage = await captainContext.newPage();
    try {
      await captainPage.goto(crewLink);
      await waitForHydration(captainPage);
      // The required question's label carries its mark, so it is found by its start.
      const answer = captainPage.getByLabel(new RegExp(`^${escaped(QUESTIONS_EVENT.question)}`));
      const boat = captainPage.getByLabel(QUESTIONS_EVENT.boatQuestion);
      await answer.waitFor();
      await expectNoAxeViolations(captainPage);

      // The required answer left out: the summary takes the focus, the field says why, and
      // every character typed into the other answer stays.
      const boatName = `Æblegrød & "Nut" <b> — ${randomUUID().slice(0, 4)}`;
      await boat.fill(boatName);
      await captainPage.getByRole("button", { name: "Save answers" }).click();
      await expect.poll(() => answer.getAttribute("aria-invalid")).toBe("true");
      await expect
        .poll(() => captainPage.evaluate(() => document.activeElement?.textContent ?? ""))
        .toContain("There is a problem");
      expect(await boat.inputValue()).toBe(boatName);
      await expectNoAxeViolations(captainPage);

      await answer.fill("Two vegetarians and one nut allergy.");
      await captainPage.getByRole("button", { name: "Save answers" }).click();
      await captainPage.getByText(/^Last saved by the team's captain, /).waitFor();
      expect(await answer.inputValue()).toBe("Two vegetarians and one nut allergy.");
      expect(await boat.inputValue()).toBe(boatName);
      await expectNoAxeViolations(captainPage);
    } finally {
      await captainContext.close();
    }

    // The booker's page shows the captain's answer, and who saved it.
    await openUntilShown(
      () => page.goto(`${baseUrl}/dashboard/bookings/${bookingId}`),
      () => page.getByText(/^Last saved by the team's captain, /),
    );
    expect(await page.getByLabel(new RegExp(`^${escaped(QUESTIONS_EVENT.question)}`)).inputValue()).toBe(
      "Two vegetarians and one nut allergy.",
    );
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });
});
