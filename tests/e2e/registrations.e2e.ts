import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, trackPageErrors, waitForHydration } from "./browser";
import { signInAs } from "./sessions";
import { fillTeamDetails } from "./team-form";
import { scaled } from "../support/timeouts";

const baseUrl = inject("baseUrl");
// The test's own account: the bookings page shows only the teams it books here.
const account = inject("accounts").booker;
// A second booker of the same company: one account holds at most five teams per event.
const colleagueAccount = inject("accounts").colleague;
const EVENT = "/events/equestrian-corporate-retreat";
let browser: Browser;
let booker: BrowserContext;
let colleague: BrowserContext;
let watcher: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  booker = await browser.newContext();
  await signInAs(booker, account);
  colleague = await browser.newContext();
  await signInAs(colleague, colleagueAccount);
  watcher = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
});

/** Fills the registration form and submits it; returns the confirmation page's text. */
async function registerTeam(page: Page, teamName: string, submit = "Register team") {
  await page.goto(`${baseUrl}${EVENT}/register`);
  await waitForHydration(page);
  await page.getByLabel("Team name").fill(teamName);
  await fillTeamDetails(page, "Nordhavn Analytics", account);
  await page.getByRole("button", { name: submit }).click();
  await page.waitForURL(new RegExp(`${EVENT}/registered/`));
  // The address changes before React renders the new page, so wait for its heading.
  await page.getByRole("heading", { level: 1, name: /^(Your team is|This booking is)/ }).waitFor();
  return (await page.locator("main").textContent()) ?? "";
}

describe("team registration", () => {
  it("books a team, updates another visitor's page live, and promotes the waitlist on a cancellation", async () => {
    const page = await booker.newPage();
    const errors = trackPageErrors(page);
    const watching = await watcher.newPage();
    await watching.goto(`${baseUrl}${EVENT}`);
    await waitForHydration(watching);
    await watching.getByText("5 team spots remaining").waitFor();

    await page.goto(`${baseUrl}${EVENT}/register`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    const first = await registerTeam(page, "First Crew");
    expect(first).toContain("Confirmed");
    await expectNoAxeViolations(page);

    // The other visitor's page follows without a reload.
    await watching.getByText("4 team spots remaining").waitFor({ timeout: scaled(10_000) });

    for (const name of ["Second Crew", "Third Crew", "Fourth Crew", "Fifth Crew"])
      await registerTeam(page, name);
    await watching.getByText("Fully booked: join the waitlist").waitFor({ timeout: scaled(10_000) });

    // A sixth team from the same account is refused, and the page points to the organiser.
    await page.goto(`${baseUrl}${EVENT}/register`);
    await page.getByText(/already registered 5 teams for this event/).waitFor();
    await expectNoAxeViolations(page);

    const colleaguePage = await colleague.newPage();
    const waiting = await registerTeam(colleaguePage, "Waiting Crew", "Join the waitlist");
    expect(waiting).toContain("Your team is on the waitlist");

    await page.goto(`${baseUrl}/dashboard/bookings`);
    await waitForHydration(page);
    const bookings = page.locator("main");
    await bookings.getByText("First Crew").first().waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: /Cancel.*First Crew/ }).click();
    await page.getByRole("button", { name: "Yes, cancel the booking" }).click();
    await page.waitForURL(/\/dashboard\/bookings/);
    await page.getByText("Your booking has been cancelled").first().waitFor();

    // The team that waited is now confirmed.
    await colleaguePage.goto(`${baseUrl}/dashboard/bookings`);
    const waitingCard = colleaguePage.locator("li, article").filter({ hasText: "Waiting Crew" }).first();
    await waitingCard.getByText("Confirmed").waitFor();
    await watching.getByText("Fully booked: join the waitlist").waitFor();
    expect(errors).toEqual([]);
  });
});
