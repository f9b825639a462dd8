import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { linkFromOutbox } from "./outbox";
import { signInAs } from "./sessions";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

async function open(path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

describe("partner onboarding", () => {
  it("takes a club from its application to its own partner dashboard", async () => {
    const club = `Vejle Fjord Roklub ${Date.now()}`;
    const email = `contact-${Date.now()}@vejle-fjord.example`;

    await open("/partners/apply");
    await page.getByLabel("Organisation name").fill(club);
    await page.getByLabel("Type").selectOption("rowing_club");
    await page.getByLabel("Location").fill("Vejle");
    await page.getByLabel("Description").fill("Coastal rowing on Vejle Fjord with coaches for beginners.");
    await page.getByLabel("Contact name").fill("Signe Fjord");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Message").fill("We would like to host team days for companies.");
    await page.getByRole("button", { name: "Submit application" }).click();
    await page.waitForURL(`${baseUrl}/partners/apply/submitted`);

    // An admin reviews it.
    await context.clearCookies();
    await signInAs(context, accounts.admin);
    await open("/dashboard/admin/partners/applications");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: club }).click();
    await page.getByRole("heading", { name: club }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Approve and invite" }).click();
    await page.getByText("The application is approved").waitFor();
    // The toast fades in; axe reads its colours once it has arrived.
    await page.waitForTimeout(1_000);
    await page.getByRole("heading", { name: club }).waitFor();
    expect(await page.getByRole("cell", { name: email, exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // The contact opens the invitation from the mail and sets a password.
    const link = await linkFromOutbox(email, `You are invited to manage ${club} on Rethink Corporate Life`);
    await context.clearCookies();
    await page.goto(link);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Set your password" }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel("Password", { exact: true }).fill("fjord-rowing-2027");
    await page.getByLabel("Confirm Password").fill("fjord-rowing-2027");
    await page.getByRole("button", { name: "Set password and open my dashboard" }).click();
    await page.waitForURL(`${baseUrl}/dashboard/partner`);
    await page.getByRole("heading", { name: `Get ${club} ready to launch` }).waitFor();
    await page.getByText("Welcome! Your password is set and you are signed in.").waitFor();
    // The toast fades in; axe reads its colours once it has arrived.
    await page.waitForTimeout(1_000);
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });

  it("passes axe on the admin's partner list, new partner form and audit log", async () => {
    await signInAs(context, accounts.admin);
    for (const path of [
      "/dashboard/admin/partners",
      "/dashboard/admin/partners/new",
      "/dashboard/admin/audit",
    ]) {
      await open(path);
      await expectNoAxeViolations(page);
    }
    // A refused form moves focus to its summary of problems.
    await open("/dashboard/admin/partners/new");
    await page.getByRole("button", { name: "Create partner and invite" }).click();
    await page.getByText("Please enter the partner's name", { exact: true }).first().waitFor();
    await expectNoAxeViolations(page);
  });
});
