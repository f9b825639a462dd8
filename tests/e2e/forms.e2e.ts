import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { serverLogMessages } from "./outbox";
import { signInAs } from "./sessions";
import { fillTeamDetails } from "./team-form";
import { scaled } from "../support/timeouts";

const baseUrl = inject("baseUrl");
const serverLog = inject("serverLog");
// The test's own account and an event no other test counts the spots of.
const account = inject("accounts").registrant;
const EVENT = "/events/oxford-leadership-summit";
const PHONE = { width: 390, height: 844 };
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh), { viewport: PHONE });

/** The confirmation page's booking details, once the registration went through. */
async function confirmedBooking() {
  await page.waitForURL(new RegExp(`${EVENT}/registered/`));
  await page.getByRole("heading", { level: 1, name: "Your team is registered" }).waitFor();
  return (await page.getByRole("region", { name: "Booking details" }).textContent()) ?? "";
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Whether the element lies wholly inside the phone's screen. */
async function inViewport(locator: Locator) {
  const box = await locator.boundingBox();
  return Boolean(box && box.y >= 0 && box.y + box.height <= PHONE.height);
}

describe("typing from first paint", () => {
  it("keeps every character typed straight after arriving by a link, through an in-page link", async () => {
    await signInAs(context, account);
    await page.goto(`${baseUrl}${EVENT}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Register Your Team" }).click();
    // No waiting for the page to settle: typing starts as soon as the field is there.
    await page.getByLabel("Team name").fill("Quick Start Crew");
    await page.getByLabel("Company", { exact: true }).fill("Holmen Shipping");
    // A link to a spot on the same page changes the address; what was typed must stay.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="#main"]')?.click());
    await page.waitForURL(/#main$/);
    expect(await page.getByLabel("Team name").inputValue()).toBe("Quick Start Crew");
    await fillTeamDetails(page, "Holmen Shipping", account);
    await page.getByRole("button", { name: "Register team" }).click();
    const details = await confirmedBooking();
    expect(details).toContain("Quick Start Crew");
    expect(details).toContain("Holmen Shipping");
    expect(pageErrors).toEqual([]);
  });

  it("keeps what is typed into the contact form on a full load, before the page has loaded", async () => {
    await page.goto(`${baseUrl}/contact`, { waitUntil: "commit" });
    await page.getByLabel("Name").fill("Early Bird");
    await page.getByLabel("Email").fill("early@holmen.example");
    await page.getByLabel("Subject").fill("Typed before the page finished loading");
    await page
      .getByLabel("Message")
      .fill("Every character of this message was typed as soon as it could be.");
    await waitForHydration(page);
    expect(await page.getByLabel("Name").inputValue()).toBe("Early Bird");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Thank you! Your message has been sent.").first().waitFor();
    // Sent by a worker, within its polling interval.
    await expect
      .poll(() => serverLogMessages(serverLog), { timeout: scaled(15_000) })
      .toContain('"Contact form: Typed before the page finished loading" recorded in the dev outbox');
  });
});

describe("error summary", () => {
  it("takes a phone to the problems after a server-checked submit, links to each field and follows the fixes", async () => {
    await signInAs(context, account);
    await page.goto(`${baseUrl}${EVENT}/register`);
    await waitForHydration(page);
    await page.getByLabel("CVR number").fill("123");
    await page.getByRole("button", { name: "Register team" }).click();

    const summary = page.getByRole("group", { name: "There is a problem" });
    await summary.waitFor();
    await expect.poll(() => isFocused(summary)).toBe(true);
    expect(await inViewport(summary)).toBe(true);
    await expectNoAxeViolations(page);

    const teamNameEntry = summary.getByRole("link", { name: "Team name: Please enter your team's name" });
    await teamNameEntry.click();
    const teamName = page.getByLabel("Team name");
    await expect.poll(() => isFocused(teamName)).toBe(true);
    expect(await inViewport(teamName)).toBe(true);
    expect(await page.getByLabel("CVR number").inputValue(), "the link keeps what was typed").toBe("123");

    // Fixed: the message under the field and its entry go; the others stay.
    await teamName.fill("Summary Crew");
    await teamNameEntry.waitFor({ state: "detached" });
    expect(await page.getByText("Please enter your team's name").count()).toBe(0);
    const cvrEntry = summary.getByRole("link", { name: "CVR number: CVR number must be 8 digits" });
    expect(await cvrEntry.count(), "unchanged, so still wrong").toBe(1);

    await fillTeamDetails(page, "Summary Shipping", account);
    await summary.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Register team" }).click();
    expect(await confirmedBooking()).toContain("Summary Crew");
    // The refused submit answers 400, which the browser reports; nothing else went wrong.
    expect(pageErrors.filter((error) => !error.includes("status of 400"))).toEqual([]);
  });

  it("summarises a form checked in the browser and drops each entry as its field is fixed", async () => {
    await page.goto(`${baseUrl}/login`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    const summary = page.getByRole("group", { name: "There is a problem" });
    await summary.waitFor();
    await expect.poll(() => isFocused(summary)).toBe(true);
    expect(await inViewport(summary)).toBe(true);
    await summary.getByRole("link", { name: /^Password: / }).click();
    await expect.poll(() => isFocused(page.getByLabel("Password"))).toBe(true);
    await page.getByLabel("Email").fill("someone@holmen.example");
    await summary.getByRole("link", { name: /^Email: / }).waitFor({ state: "detached" });
    expect(await summary.getByRole("link", { name: /^Password: / }).count()).toBe(1);
    await expectNoAxeViolations(page);
  });
});
