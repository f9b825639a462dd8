import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { cameraJpeg, mediumWebp } from "../support/images";
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

    // The checklist leads to the profile: a logo and a cover, uploaded with progress.
    await page.getByRole("link", { name: /Upload your logo and a cover image/ }).click();
    const description = page.getByRole("textbox", { name: "Full description (English)" });
    await description.waitFor();
    // A slow uplink, so the progress of each upload can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    for (const [label, file] of [
      ["Logo", await cameraJpeg()],
      ["Cover image", await mediumWebp()],
    ] as const) {
      const group = page.getByRole("group", { name: label, exact: true });
      await group.getByLabel(`Choose ${label.toLowerCase()}`).setInputFiles({
        name: label === "Logo" ? "crest.jpg" : "fjord.webp",
        mimeType: label === "Logo" ? "image/jpeg" : "image/webp",
        buffer: file,
      });
      await page.getByRole("progressbar", { name: `Uploading ${label}` }).waitFor();
      await group.getByLabel("Alt text (English)").waitFor();
      await group.getByLabel("Alt text (English)").fill(`${club} ${label.toLowerCase()}`);
    }
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The description, in the rich-text editor.
    await description.click();
    await page.keyboard.type("Coastal rowing for companies on Vejle Fjord.");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Your partner profile has been saved.").waitFor();

    await page.getByRole("link", { name: "View public page" }).click();
    // The editor's own heading names the club too: wait for the public page itself.
    await page.waitForURL(/\/partners\/[a-z0-9-]+$/);
    await page.getByRole("heading", { name: club, level: 1, exact: true }).waitFor();
    expect(await page.locator(".prose-rich").textContent()).toContain(
      "Coastal rowing for companies on Vejle Fjord.",
    );
    const logo = page.getByRole("img", { name: `${club} logo` }).first();
    expect(await logo.getAttribute("srcset")).toMatch(/\/uploads\/\S+ 320w/);
    expect(await page.getByRole("img", { name: `${club} cover image` }).count()).toBeGreaterThan(0);
    // The saved profile's toast follows to this page and fades out after four seconds; axe
    // reads a half-faded toast's text as too pale, so the page is checked once it is gone.
    await page.getByText("Your partner profile has been saved.").waitFor({ state: "detached" });
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
