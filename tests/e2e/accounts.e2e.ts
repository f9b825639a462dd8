import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, withFreshPage, waitForHydration } from "./browser";
import { linkFromOutbox } from "./outbox";
import { signInAs } from "./sessions";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
const DEMO_PASSWORD = "rowing-demo-2026";
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

async function logIn(email: string, password: string, path = "/login") {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("accounts", () => {
  it("signs up, verifies from the outbox link, reaches the dashboard, logs out and back in", async () => {
    const email = `e2e-${Date.now()}@fjord.example`;
    await page.goto(`${baseUrl}/signup`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);

    // Validation waits for the first submit, then follows every change.
    await page.getByLabel("First Name").fill("Ea");
    expect(await page.getByText("Last name is required", { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Last name is required", { exact: true }).waitFor();
    expect(
      await page.getByText("You must accept the terms and conditions", { exact: true }).isVisible(),
    ).toBe(true);
    await page.getByLabel("Last Name").fill("Jensen");
    await page.getByText("Last name is required", { exact: true }).waitFor({ state: "detached" });

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Company (Optional)").fill("Fjord Logistics");
    await page.getByLabel("Password", { exact: true }).fill("rowing-is-fun");
    await page.getByLabel("Confirm Password").fill("rowing-is-fun");
    await page.getByLabel("I accept the terms and conditions").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page
      .getByText("Registration successful! Please check your email to verify your account.")
      .first()
      .waitFor();

    await page.goto(await linkFromOutbox(email, "Verify your email address"));
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByText("User Dashboard").first().waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Log out" }).first().click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByText("You've been logged out successfully").waitFor();

    await logIn(email, "rowing-is-fun");
    await page.waitForURL(`${baseUrl}/dashboard`);
    expect(pageErrors).toEqual([]);
  });

  it("sends a signed-out visitor to log in and back, and a user away from pages of other roles", async () => {
    await page.goto(`${baseUrl}/dashboard/admin`);
    await page.waitForURL(`${baseUrl}/login?redirectTo=%2Fdashboard%2Fadmin`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await logIn("user@demo.rcl.dk", DEMO_PASSWORD, "/login?redirectTo=%2Fdashboard%2Fadmin");
    // Signed in, but not an admin: back to the user's own dashboard.
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.goto(`${baseUrl}/dashboard/partner`);
    await page.waitForURL(`${baseUrl}/dashboard`);
  });

  it.each([
    ["partner@demo.rcl.dk", "/dashboard/partner", "Partner Dashboard"],
    ["admin@demo.rcl.dk", "/dashboard/admin", "Admin Dashboard"],
  ])(
    "lands the demo %s on its own bookings and lets it reach its area from the menu",
    async (email, path, title) => {
      await logIn(email, DEMO_PASSWORD);
      await page.waitForURL(`${baseUrl}/dashboard`);
      await page.getByText("Your next bookings").first().waitFor();
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      const menu = page.getByRole("navigation", { name: title });
      await menu.getByRole("link", { name: "Dashboard", exact: true }).click();
      await page.waitForURL(`${baseUrl}${path}`);
      await page.getByText(title).first().waitFor();
      await expectNoAxeViolations(page);
      await menu.getByRole("link", { name: "My Dashboard", exact: true }).click();
      await page.waitForURL(`${baseUrl}/dashboard`);
    },
  );

  it("keeps the typed email and shows one message for wrong credentials", async () => {
    await logIn("user@demo.rcl.dk", "not-the-password");
    await page.getByText("Invalid email or password").first().waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe("user@demo.rcl.dk");
  });

  it("opens the dashboard menu on a phone", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(context, accounts.user);
    await page.goto(`${baseUrl}/dashboard`);
    expect(page.url(), "the session cookie signs in without the form").toBe(`${baseUrl}/dashboard`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open dashboard menu" }).click();
    const menu = page.getByRole("dialog");
    await menu.waitFor();
    for (const label of ["Dashboard", "Events", "My Bookings", "Partners", "Profile"]) {
      expect(await menu.getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
    }
    expect(await menu.getByRole("button", { name: "Log out" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });
});
