import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { copenhagenInputValue } from "~/lib/dates";
import { mediumWebp } from "../support/images";
import { expectNoAxeViolations, launchBrowser, trackPageErrors, waitForHydration } from "./browser";
import { subjectFromOutbox } from "./outbox";
import { signInAs } from "./sessions";
import { fillTeamDetails } from "./team-form";
import { scaled } from "../support/timeouts";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
const TITLE = "Kalvebod Sprint Challenge";
const FIXED_TITLE = "Kalvebod Sprint Challenge 2027";
const DAY = 24 * 60 * 60 * 1000;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page in a browser of its own, signed in as `account`, with its errors collected. */
async function pageAs(account: (typeof accounts)[keyof typeof accounts]) {
  const context = await browser.newContext();
  contexts.push(context);
  await signInAs(context, account);
  const page = await context.newPage();
  return { page, errors: trackPageErrors(page) };
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

/** The toast a redirect asked for; it fades in, and axe reads its colours once it has arrived. */
async function toast(page: Page, text: string) {
  await page.getByText(text).first().waitFor();
  await page.waitForTimeout(800);
}

describe("event publishing", () => {
  it(
    "runs from a partner's draft through review to a booked event, then its cancellation reaches the captain",
    async () => {
      const partner = await pageAs(accounts.partner);
      const admin = await pageAs(accounts.admin);
      const captain = await pageAs(accounts.captain);
      const starts = new Date(Date.now() + 40 * DAY);
      starts.setUTCHours(8, 0, 0, 0);

      // The partner drafts the event: every kind of field, a schedule row and a cover.
      await open(partner.page, "/dashboard/partner/events/new");
      await expectNoAxeViolations(partner.page);
      const { page } = partner;
      await page.getByLabel("Title (English)").fill(TITLE);
      await expect.poll(() => page.getByLabel("Web address").inputValue()).toBe("kalvebod-sprint-challenge");
      await page.getByLabel("Type of event").selectOption("traditional_rowing");
      // Exact: the backup date's "Backup date starts" and "ends" are labels too.
      await page.getByLabel("Starts", { exact: true }).fill(copenhagenInputValue(starts));
      await page
        .getByLabel("Ends", { exact: true })
        .fill(copenhagenInputValue(new Date(starts.getTime() + 4 * 60 * 60 * 1000)));
      await page
        .getByLabel("Registration deadline")
        .fill(copenhagenInputValue(new Date(starts.getTime() - 7 * DAY)));
      await page.getByLabel("Location (English)").fill("Kalvebod Brygge, Copenhagen");
      await page.getByLabel("Price per team").fill("4500");
      await page.getByLabel("Maximum number of teams").fill("6");
      await page.getByLabel("Team size").fill("8");
      await page
        .getByLabel("Short description (English)")
        .fill("Sprint races in the harbour for teams of eight.");
      const details = page.getByRole("textbox", { name: "Detailed description (English)" });
      await details.click();
      await page.keyboard.type("Coaches teach the stroke, then teams race 500 metres.");
      await page.getByRole("button", { name: "Add schedule row" }).click();
      await page.getByLabel("Time (row 1)").fill("09:00");
      await page.getByLabel("Activity (row 1, English)").fill("Welcome and safety briefing");
      const cover = page.getByRole("group", { name: "Image", exact: true });
      await cover.getByLabel("Choose image").setInputFiles({
        name: "harbour.webp",
        mimeType: "image/webp",
        buffer: await mediumWebp(),
      });
      await cover.getByLabel("Alt text (English)").waitFor();
      await cover.getByLabel("Alt text (English)").fill("Boats at Kalvebod Brygge");

      // Save and preview: the event page as the public will see it, marked as a preview. Its
      // scripts arrive a second late, as on a slow phone; the page still shows whole at once.
      const slowScripts = /\/assets\/[\w.-]+\.js$/;
      await page.route(slowScripts, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await page.getByRole("button", { name: "Save and preview" }).click();
      const preview = page.getByRole("heading", { name: "Preview, not published" });
      await preview.waitFor();
      expect(await page.getByRole("tablist", { name: "Event information" }).isVisible()).toBe(true);
      expect(await page.getByText("Coaches teach the stroke, then teams race 500 metres.").isVisible()).toBe(
        true,
      );
      // Waits for the handlers still holding a script, which would otherwise answer a route already released.
      await page.unrouteAll({ behavior: "wait" });
      await expect.poll(() => preview.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
      expect(await page.getByRole("img", { name: "Boats at Kalvebod Brygge" }).count()).toBe(1);
      await expectNoAxeViolations(page);
      const eventPath = new URL(page.url()).pathname.replace(/\/preview$/, "");
      const eventId = eventPath.split("/").pop()!;

      // Submit for review.
      await page.getByRole("link", { name: "Back to the editor" }).click();
      await page.getByRole("button", { name: "Submit for review" }).click();
      await toast(page, "Your event has been submitted for review.");
      await expectNoAxeViolations(page);

      // The admin finds it in the queue and asks for changes.
      await open(admin.page, "/dashboard/admin/events");
      const queue = admin.page.getByRole("region", { name: /Waiting for review/ });
      await queue.getByRole("link", { name: TITLE }).click();
      await admin.page.getByRole("heading", { level: 1, name: new RegExp(TITLE) }).waitFor();
      await waitForHydration(admin.page);
      await expectNoAxeViolations(admin.page);
      await admin.page.getByLabel("Note to the partner").fill("Please add the year to the title.");
      await admin.page.getByRole("button", { name: "Request changes" }).click();
      await toast(admin.page, "The partner has been asked for changes and emailed your note.");

      // The partner reads the note, fixes the title and submits again.
      await open(page, eventPath);
      await page.getByText("Please add the year to the title.").waitFor();
      await page.getByLabel("Title (English)").fill(FIXED_TITLE);
      // Never published, so its address still follows the title.
      await expect
        .poll(() => page.getByLabel("Web address").inputValue())
        .toBe("kalvebod-sprint-challenge-2027");
      await page.getByRole("button", { name: "Save changes" }).click();
      await toast(page, "Your event has been saved.");
      await page.getByRole("button", { name: "Submit for review" }).click();
      await toast(page, "Your event has been submitted for review.");

      // The admin approves what they see.
      await open(admin.page, `/dashboard/admin/events/${eventId}`);
      await admin.page.getByRole("heading", { level: 1, name: new RegExp(FIXED_TITLE) }).waitFor();
      await admin.page.getByRole("button", { name: "Approve and publish" }).click();
      await toast(admin.page, "The event is approved and its partner has been emailed.");

      // The event is public and bookable.
      await open(captain.page, `/events?q=${encodeURIComponent("Kalvebod Sprint")}`);
      await captain.page.getByRole("heading", { name: FIXED_TITLE }).waitFor();
      await open(captain.page, "/events/kalvebod-sprint-challenge-2027/register");
      await captain.page.getByLabel("Team name").fill("Vesterbro Oars");
      await fillTeamDetails(captain.page, "Vesterbro Logistics", accounts.captain);
      await captain.page.getByRole("button", { name: "Register team" }).click();
      await captain.page.waitForURL(/\/events\/kalvebod-sprint-challenge-2027\/registered\//);
      await captain.page.getByRole("heading", { level: 1, name: /^Your team is/ }).waitFor();

      // The partner cancels it with a reason, through the dialog.
      await open(page, eventPath);
      await page.getByRole("button", { name: "Cancel event…" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await expectNoAxeViolations(page);
      await dialog.getByLabel("Reason for cancelling").fill("The harbour is closed for a regatta that day.");
      await dialog.getByLabel(/I understand that the event is cancelled/).check();
      await dialog.getByRole("button", { name: "Cancel the event" }).click();
      await toast(page, "The event has been cancelled and every registered team has been emailed.");

      // The captain's mail, and the public page marked cancelled.
      const subject = await subjectFromOutbox(accounts.captain.email, `Event cancelled: ${FIXED_TITLE}`);
      expect(subject).toMatch(/\(RCL-[0-9A-Z]{6}\)$/);
      await open(captain.page, "/events/kalvebod-sprint-challenge-2027");
      await captain.page.getByText("This event has been cancelled.").waitFor();
      expect(await captain.page.locator("main").textContent()).toContain(
        "The harbour is closed for a regatta that day.",
      );

      for (const { errors } of [partner, admin, captain]) expect(errors).toEqual([]);
      await Promise.all(contexts.map((context) => context.close()));
    },
    scaled(240_000),
  );
});
