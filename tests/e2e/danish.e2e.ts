import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { signInAs } from "./sessions";
import type { BrowserContext } from "playwright-core";

// Issue 25: a Danish company finds an event and books a team in Danish, switching to
// English and back on the way without losing what it typed; every page is Danish,
// accessible, and hydrates without a warning.

const baseUrl = inject("baseUrl");
const account = inject("accounts").dansk;
// Thirty places, which no other test counts.
const EVENT = "networking-mixer";

/** The words the pages use, from the catalogues, so a reworded message does not break the test. */
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8")) as Record<
    string,
    string
  >;
const da = catalogue("da");
const en = catalogue("en");

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

const htmlLang = () => page.evaluate(() => document.documentElement.lang);

async function fillDanishTeamForm() {
  await page.getByLabel(da.registration_form_team_name!).fill("Christianshavn Roere");
  await page.getByLabel(da.registration_field_company!, { exact: true }).fill(account.name);
  await page.getByLabel(da.registration_form_invoice_company!).fill("Christianshavn Consulting ApS");
  await page.getByLabel(da.registration_field_cvr!).fill("12345678");
  await page.getByLabel(da.registration_field_billing_email!).fill("faktura@e2e.rcl.dk");
  await page.getByLabel(da.registration_form_captain_name!).fill(account.name);
  await page.getByLabel(da.registration_form_captain_email!).fill(account.email);
  await page.getByLabel(da.registration_form_captain_phone!).fill("+45 12 34 56 78");
}

describe("RCL in Danish", () => {
  it("finds an event and books a team, keeping what was typed across the language switch", async () => {
    await signInAs(context, account);

    // Find it: the Danish list, searched.
    await page.goto(`${baseUrl}/da/events`);
    await waitForHydration(page);
    expect(await htmlLang()).toBe("da");
    await expectNoAxeViolations(page);
    await page.getByRole("searchbox", { name: da.events_search_label }).fill("Mixer");
    await page.getByRole("button", { name: da.events_search_button, exact: true }).click();
    await page.waitForURL(/\/da\/events\?.*q=Mixer/);
    await page.locator(`main a[href="/da/events/${EVENT}"]`).first().click();
    await page.waitForURL(`${baseUrl}/da/events/${EVENT}`);
    await waitForHydration(page);
    expect(await htmlLang()).toBe("da");
    await expectNoAxeViolations(page);

    // Book: the form in Danish, half filled, then English, then Danish again.
    await page.goto(`${baseUrl}/da/events/${EVENT}/register`);
    await waitForHydration(page);
    await fillDanishTeamForm();
    await page.getByRole("button", { name: en.switch_language_label }).first().click();
    await page.waitForURL(`${baseUrl}/events/${EVENT}/register`);
    await waitForHydration(page);
    expect(await htmlLang()).toBe("en");
    await expect
      .poll(() => page.getByLabel(en.registration_form_team_name!).inputValue())
      .toBe("Christianshavn Roere");
    await expect.poll(() => page.getByLabel(en.registration_field_cvr!).inputValue()).toBe("12345678");

    await page.getByRole("button", { name: da.switch_language_label }).first().click();
    await page.waitForURL(`${baseUrl}/da/events/${EVENT}/register`);
    await waitForHydration(page);
    expect(await htmlLang()).toBe("da");
    await expect
      .poll(() => page.getByLabel(da.registration_form_team_name!).inputValue())
      .toBe("Christianshavn Roere");
    await expect
      .poll(() => page.getByLabel(da.registration_form_captain_email!).inputValue())
      .toBe(account.email);
    await expectNoAxeViolations(page);

    await page.getByLabel(new RegExp(`^${da.registration_accept_terms_prefix}`)).check();
    await page.getByRole("button", { name: da.registration_register_team, exact: true }).click();
    await page.waitForURL(new RegExp(`/da/events/${EVENT}/registered/`));
    await page
      .getByRole("heading", {
        level: 1,
        name: new RegExp(`^(${da.registration_heading_confirmed}|${da.registration_heading_waitlisted})`),
      })
      .waitFor();
    expect(await htmlLang()).toBe("da");
    await expectNoAxeViolations(page);

    // No hydration warning or error on any page, in either language.
    expect(pageErrors).toEqual([]);
  });
});
