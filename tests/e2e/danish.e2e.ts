import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { copenhagenInputValue } from "~/lib/dates";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";
import { scaled } from "../support/timeouts";
import { expectNoAxeViolations, trackPageErrors, waitForHydration, withFreshPage } from "./browser";
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
  await page
    .getByLabel(da.registration_field_billing_address!, { exact: true })
    .fill(invoiceAddress.billingAddressLine);
  await page
    .getByLabel(da.registration_field_billing_postal_code!, { exact: true })
    .fill(invoiceAddress.billingPostalCode);
  await page
    .getByLabel(da.registration_field_billing_city!, { exact: true })
    .fill(invoiceAddress.billingCity);
  await page.getByLabel(da.registration_field_cvr!).fill(VALID_CVR);
  await page.getByLabel(da.registration_field_billing_email!).fill("faktura@e2e.rcl.dk");
  await page.getByLabel(da.registration_form_captain_name!).fill(account.name);
  await page.getByLabel(da.registration_form_captain_email!).fill(account.email);
  await page.getByLabel(da.registration_form_captain_phone!).fill("+45 12 34 56 78");
}

/** "Titel (dansk)": a field's label with the language of its text, as the editors write it. */
const inLanguage = (words: Record<string, string>, field: string, language: "en" | "da") =>
  words
    .field_in_language!.replace("{field}", field)
    .replace("{language}", words[language === "da" ? "content_language_da" : "content_language_en"]!);

/** A field's label as it begins: an optional field's goes on with "(optional)". */
const startingWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

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
    await expect.poll(() => page.getByLabel(en.registration_field_cvr!).inputValue()).toBe(VALID_CVR);

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

  it(
    "lets a partner write an event in both languages, switching language mid-way, and an admin approve it",
    async () => {
      const slug = "solopgangssprint-i-havnen";
      await signInAs(context, inject("accounts").klub);
      await page.goto(`${baseUrl}/dashboard/partner/events/new`);
      await waitForHydration(page);
      expect(await htmlLang()).toBe("en");

      // Begun in English: the event's texts in English, their Danish beside them.
      await page
        .getByLabel(startingWith(inLanguage(en, en.editor_title!, "en")))
        .fill("Harbour Sunrise Sprint");
      await page
        .getByLabel(startingWith(inLanguage(en, en.editor_title!, "da")))
        .fill("Solopgangssprint i havnen");
      await page.getByLabel(en.editor_slug!, { exact: true }).fill(slug);
      await page.getByLabel(en.editor_type!, { exact: true }).selectOption("traditional_rowing");
      const starts = new Date(Date.now() + 50 * 24 * 60 * 60 * 1000);
      starts.setUTCHours(5, 0, 0, 0);
      const hours = (count: number) =>
        copenhagenInputValue(new Date(starts.getTime() + count * 60 * 60 * 1000));
      await page.getByLabel(en.editor_starts!, { exact: true }).fill(hours(0));
      await page.getByLabel(en.editor_ends!, { exact: true }).fill(hours(3));
      await page.getByLabel(en.editor_deadline!, { exact: true }).fill(hours(-7 * 24));
      await page
        .getByLabel(startingWith(inLanguage(en, en.editor_location!, "en")))
        .fill("Copenhagen harbour");
      await page.getByLabel(startingWith(inLanguage(en, en.editor_location!, "da"))).fill("Københavns Havn");
      await page.getByLabel(en.editor_price!, { exact: true }).fill("3200");
      await page.getByLabel(en.editor_max_teams!, { exact: true }).fill("4");
      await page.getByLabel(en.editor_team_size!, { exact: true }).fill("9");
      const status = page.getByRole("region", { name: en.editor_languages_heading });
      // The title, the place, and the rule for non-swimmers, which starts as DFfR's in both.
      await expect.poll(() => status.textContent()).toContain("Translated into Danish: 3 of 3 texts");

      // The page in Danish, half-way: every typed value stays, now under Danish labels.
      await page.getByRole("button", { name: da.switch_language_label }).first().click();
      // The same address, a new document: it is the language that changes. While one document
      // replaces the other there is no root element for a moment, hence `?.`.
      await page.waitForFunction(() => document.documentElement?.lang === "da");
      await waitForHydration(page);
      await expect
        .poll(() => page.getByLabel(startingWith(inLanguage(da, da.editor_title!, "da"))).inputValue())
        .toBe("Solopgangssprint i havnen");
      await expect
        .poll(() => page.getByLabel(startingWith(inLanguage(da, da.editor_location!, "en"))).inputValue())
        .toBe("Copenhagen harbour");
      await page
        .getByLabel(startingWith(inLanguage(da, da.form_short_description!, "en")))
        .fill("Sprint races in the harbour at sunrise.");
      await page
        .getByLabel(startingWith(inLanguage(da, da.form_short_description!, "da")))
        .fill("Sprintløb i havnen ved solopgang.");
      const details = page.getByRole("textbox", {
        name: inLanguage(da, da.editor_detailed_description!, "en"),
      });
      await details.click();
      await page.keyboard.type("Coaches on every boat, coffee on the jetty.");
      const danishStatus = page.getByRole("region", { name: da.editor_languages_heading });
      await expect.poll(() => danishStatus.textContent()).toContain("Oversat til dansk: 4 af 5 tekster");
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: da.partner_save_draft, exact: true }).click();
      await page.getByText(da.toast_event_created!).first().waitFor();
      await page.getByRole("button", { name: da.events_review_submit, exact: true }).click();
      await page.getByText(da.toast_event_submitted!).first().waitFor();
      await page.waitForTimeout(800);
      await expectNoAxeViolations(page);
      const eventId = new URL(page.url()).pathname.split("/").pop()!;

      // The admin sees both languages, the missing translation flagged, and the Danish page.
      const admin = await context.browser()!.newContext();
      await signInAs(admin, inject("accounts").admin);
      const review = await admin.newPage();
      await review.goto(`${baseUrl}/dashboard/admin/events/${eventId}`);
      await waitForHydration(review);
      const flags = review.getByRole("region", { name: en.review_translations_heading });
      expect(await flags.textContent()).toContain(en.editor_detailed_description);
      await review
        .getByRole("navigation", { name: en.preview_languages_label })
        .getByRole("link", { name: "Dansk" })
        .click();
      await review.getByRole("heading", { level: 2, name: "Solopgangssprint i havnen" }).waitFor();
      await expectNoAxeViolations(review);
      await review.getByRole("button", { name: en.review_approve_and_publish, exact: true }).click();
      await review.getByText(en.toast_event_approved!).first().waitFor();
      await admin.close();

      // Public, in each reader's language; the description only in English, marked so.
      await context.clearCookies();
      await page.goto(`${baseUrl}/da/events/${slug}`);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: "Solopgangssprint i havnen" }).waitFor();
      expect(await page.locator('[lang="en"].prose-rich').textContent()).toContain("Coaches on every boat");
      expect(await page.getByText(da.only_in_language_en!).count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      await page.goto(`${baseUrl}/events/${slug}`);
      await page.getByRole("heading", { level: 1, name: "Harbour Sunrise Sprint" }).waitFor();
      expect(pageErrors).toEqual([]);
    },
    scaled(180_000),
  );

  it(
    "has no accessibility violations on any Danish page, public or signed in",
    async () => {
      // The server's document: hydration leaves it as it is (no warning in any test), and not
      // waiting for the network to settle keeps the sweep short.
      const visit = async (target: Page, path: string) => {
        await target.goto(`${baseUrl}${path}`, { waitUntil: "load" });
        expect(await target.evaluate(() => document.documentElement.lang), path).toBe("da");
        await expectNoAxeViolations(target);
      };
      const publicPages = [
        "/da",
        "/da/events",
        "/da/events/riverside-team-racing",
        "/da/events/riverside-team-racing?tab=schedule",
        "/da/partners",
        "/da/partners/copenhagen-harbour-rowing-club",
        "/da/partners/copenhagen-harbour-rowing-club?tab=testimonials",
        "/da/partners/copenhagen-harbour-rowing-club/inquire",
        "/da/partners/apply",
        "/da/about",
        "/da/networking",
        "/da/contact",
        "/da/terms",
        "/da/privacy",
        "/da/login",
        "/da/signup",
        "/da/forgot-password",
      ];
      // Two tabs at once: a tab mostly waits for the server or for axe in the other.
      const second = await context.newPage();
      const secondErrors = trackPageErrors(second);
      await Promise.all(
        [page, second].map(async (tab, index) => {
          for (const path of publicPages.filter((_, position) => position % 2 === index))
            await visit(tab, path);
        }),
      );
      await second.close();
      // The Danish 404 page, in a tab of its own: its document's 404 is the console's only line.
      const missing = await context.newPage();
      await visit(missing, "/da/no-such-page");
      await missing.getByRole("heading", { level: 1, name: da.error_not_found_title }).waitFor();
      await missing.close();

      // Signed in, each in their saved language: a company, a club and an admin.
      const people = [
        {
          account: inject("accounts").dansk,
          paths: ["/dashboard", "/dashboard/bookings", "/dashboard/profile"],
        },
        {
          account: inject("accounts").klub,
          paths: [
            "/dashboard/partner",
            "/dashboard/partner/events",
            "/dashboard/partner/events/new",
            "/dashboard/partner/profile",
            "/dashboard/partner/billing",
            "/dashboard/partner/registrations",
            "/dashboard/partner/inquiries",
            "/dashboard/partner/analytics",
          ],
        },
        {
          account: inject("accounts").admin,
          paths: [
            "/dashboard/admin",
            "/dashboard/admin/events",
            "/dashboard/admin/partners",
            "/dashboard/admin/users",
            "/dashboard/admin/reports",
            "/dashboard/admin/settings",
            "/dashboard/admin/audit",
          ],
        },
      ];
      // Each person in a browser context of their own, the three at once.
      const signedInErrors: string[][] = [];
      const sweep = async ({ account, paths }: (typeof people)[number]) => {
        const signedIn = await context.browser()!.newContext();
        await signInAs(signedIn, account);
        const tab = await signedIn.newPage();
        signedInErrors.push(trackPageErrors(tab));
        await tab.goto(`${baseUrl}${paths[0]}`);
        await waitForHydration(tab);
        const english = (await tab.evaluate(() => document.documentElement.lang)) === "en";
        if (english) {
          await tab.getByRole("button", { name: da.switch_language_label }).first().click();
          await tab.waitForFunction(() => document.documentElement?.lang === "da");
        }
        for (const path of paths) await visit(tab, path);
        if (english) {
          // The shared demo account goes back to English for the other tests.
          await tab.getByRole("button", { name: en.switch_language_label }).first().click();
          await tab.waitForFunction(() => document.documentElement?.lang === "en");
        }
        await signedIn.close();
      };
      await Promise.all(people.map(sweep));
      expect([...pageErrors, ...secondErrors, ...signedInErrors.flat()]).toEqual([]);
    },
    scaled(240_000),
  );
});
