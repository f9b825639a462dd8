import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { linkFromOutbox } from "./outbox";
import { signInAs } from "./sessions";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
let context: BrowserContext;
let page: Page;
withFreshPage((fresh) => ({ context, page } = fresh));

async function open(path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

describe("check-in staff", () => {
  it("a partner invites staff, who set a password and open the crew list from their own dashboard", async () => {
    const email = `jetty-${Date.now()}@roklub.example`;
    await signInAs(context, accounts.partner);
    await open("/dashboard/partner/staff");
    const heading = page.getByRole("heading", { name: /^Check-in staff of / });
    await heading.waitFor();
    const partnerName = (await heading.textContent())!.replace("Check-in staff of ", "");
    await expectNoAxeViolations(page);

    // A mistyped address is refused next to the field, and what was typed stays.
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByLabel("First name").fill("Sif");
    await page.getByLabel("Last name").fill("Jetty");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect.poll(() => page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("First name").inputValue()).toBe("Sif");
    await expectNoAxeViolations(page);

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByRole("cell", { name: email, exact: true }).waitFor();
    await page.waitForTimeout(800);
    await expectNoAxeViolations(page);

    const link = await linkFromOutbox(email, `You are invited to check in teams for ${partnerName}`);
    await context.clearCookies();
    await page.goto(link);
    await waitForHydration(page);
    await page.getByLabel("Password", { exact: true }).fill("jetty-oars-2027");
    await page.getByLabel("Confirm Password").fill("jetty-oars-2027");
    await page.getByRole("button", { name: "Set password and open my dashboard" }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    const section = page.getByRole("region", { name: "Check-in" });
    await section.waitFor();
    await page.waitForTimeout(800);
    await expectNoAxeViolations(page);

    // The partner's soonest event first, with its crew list.
    const first = section.getByRole("listitem").first();
    const title = await first.locator("p").first().innerText();
    await first.locator('a[href$="/crew-list"]').click();
    await page.getByRole("heading", { name: title, exact: true }).waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);

    // Nothing else of the partner area opens for them.
    await open("/dashboard/partner/registrations");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
  });
});
