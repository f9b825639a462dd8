import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, trackPageErrors, waitForHydration } from "./browser";
import { subjectFromOutbox } from "./outbox";
import { signInAs } from "./sessions";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");

// A sample event of the demo partner, with two teams booked by the sample content.
const EVENT = "Oxford Leadership Summit";
const CAPTAIN = "teams@mainfeld-bank.example";

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function pageAs(account: (typeof accounts)[keyof typeof accounts]) {
  const context = await browser.newContext({ acceptDownloads: true, ignoreHTTPSErrors: true });
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

describe("running events", () => {
  it("a partner opens an event's registrations, exports them and messages the captains", async () => {
    const { page, errors } = await pageAs(accounts.partner);

    await open(page, "/dashboard/partner/events?tab=upcoming");
    await page.getByRole("link", { name: new RegExp(`^Registrations\\W+${EVENT}$`) }).click();
    await page.getByRole("heading", { name: `Registrations: ${EVENT}` }).waitFor();
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("cell", { name: "Mainfeld Bank Crew" }).count()).toBe(1);
    await expectNoAxeViolations(page);

    // The export carries the list's filter: this event's two teams, in a file Excel reads in Danish.
    const exportHref = await page.getByRole("link", { name: "Export CSV", exact: true }).getAttribute("href");
    expect(exportHref).toContain("event=");
    const download = await page.request.get(`${baseUrl}${exportHref}`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("text/csv");
    const bytes = await download.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(";");
    expect(lines.join("\n")).toContain("Mainfeld Bank Crew");
    expect(lines.join("\n")).toContain("Vesterbro Finance Crew");

    // One team in detail, and the crew list for the day.
    await page.getByRole("link", { name: "Mainfeld Bank Crew" }).click();
    await page
      .getByRole("heading", { name: /Mainfeld Bank Crew/ })
      .first()
      .waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.goBack();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Crew list" }).click();
    await page.getByText("Mainfeld Bank Crew").first().waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.goBack();
    await waitForHydration(page);

    // A message to the captains of the confirmed teams, counted before it is sent.
    await page.getByRole("link", { name: "Message participants" }).click();
    await page.getByLabel("Subject").waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    const subject = `Boats and parking for ${EVENT}`;
    await page.getByLabel("Subject").fill(subject);
    await page
      .getByRole("textbox", { name: "Message", exact: true })
      .fill("Please arrive 30 minutes early; parking is behind the boathouse.");
    await page.getByRole("button", { name: "Check recipients and send…" }).click();
    await page.getByText("Send to 2 people?").waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Yes, send to 2 people" }).click();
    await toast(page, "Your message is queued for sending.");
    await expect.poll(() => page.getByRole("cell", { name: subject }).count()).toBe(1);
    expect(await subjectFromOutbox(CAPTAIN, "Boats and parking")).toBe(subject);
    expect(errors).toEqual([]);
  });

  it("a partner reads analytics and inquiries", async () => {
    const { page, errors } = await pageAs(accounts.partner);
    await open(page, "/dashboard/partner/analytics");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    await open(page, "/dashboard/partner/inquiries");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it("an admin finds a person and changes their role", async () => {
    const { page, errors } = await pageAs(accounts.admin);
    await open(page, "/dashboard/admin/users");
    await expectNoAxeViolations(page);
    await page.getByLabel("Search by name, email or company").fill("member@e2e.rcl.dk");
    await page.getByRole("button", { name: "Search" }).click();
    // The search is a navigation: a link clicked before it lands may be replaced under the click.
    await page.waitForURL(/[?&]q=member%40e2e\.rcl\.dk/);
    await page.getByRole("link", { name: "Mia Member" }).click();
    await page.waitForURL(/\/dashboard\/admin\/users\/[^/?]+$/);
    await page.getByRole("heading", { name: "Mia Member", level: 1 }).waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.getByLabel("Role", { exact: true }).selectOption("partner");
    await page.getByRole("button", { name: "Change role" }).click();
    await toast(page, "The role has been changed.");
    expect(await page.getByLabel("Role", { exact: true }).inputValue()).toBe("partner");
    expect(errors).toEqual([]);
  });

  it("an admin edits the site settings and the footer shows them at once", async () => {
    const { page, errors } = await pageAs(accounts.admin);
    await open(page, "/dashboard/admin/settings");
    await expectNoAxeViolations(page);
    const phone = page.getByLabel("Contact phone");
    const before = await phone.inputValue();
    await phone.fill("+45 70 20 30 40");
    await page.getByRole("button", { name: "Save settings" }).click();
    await toast(page, "The site settings are saved.");
    await open(page, "/");
    await expect.poll(() => page.locator("footer").innerText()).toContain("+45 70 20 30 40");

    // Put it back, so other tests read the sample settings.
    await open(page, "/dashboard/admin/settings");
    await page.getByLabel("Contact phone").fill(before);
    await page.getByRole("button", { name: "Save settings" }).click();
    await toast(page, "The site settings are saved.");
    expect(errors).toEqual([]);
  });

  it("an admin opens the reports", async () => {
    const { page, errors } = await pageAs(accounts.admin);
    await open(page, "/dashboard/admin/reports");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
