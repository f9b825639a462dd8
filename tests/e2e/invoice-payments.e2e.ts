import fs from "node:fs";
import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";
import { expectNoAxeViolations, openUntilShown, waitForHydration, withFreshPage } from "./browser";
import { signInAs, type SignedInAccount } from "./sessions";
import { fillTeamDetails } from "./team-form";

const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
// A club's event no other test fills (16 places): the company books, the club is paid.
const EVENT = "/events/indoor-rowing-challenge";

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

async function open(path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

/**
 * Signs in as the club's member, in English whatever language another test saved for
 * the account (the switch saves the choice to the profile, ADR 033).
 */
async function signInAsClub() {
  await signInAs(context, accounts.klub);
  const response = await context.request.post(`${baseUrl}/language`, {
    form: { language: "en", next: "/dashboard/partner" },
    headers: { Origin: baseUrl },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

/** The newest invoice's number of the signed-in booker's booking of `teamName`, from My Bookings. */
async function invoiceNumberOf(teamName: string): Promise<string> {
  const card = () => page.locator("article, li, section").filter({ hasText: teamName }).last();
  const pdf = () =>
    card()
      .getByRole("link", { name: /^Invoice CHRC-\d{4} \(PDF\)$/ })
      .first();
  await openUntilShown(() => open("/dashboard/bookings"), pdf);
  const name = (await pdf().getAttribute("aria-label")) ?? "";
  const number = /CHRC-\d{4}/.exec(name)?.[0];
  if (!number) throw new Error(`No invoice number in "${name}".`);
  return number;
}

/** A team booked without the browser's form, for the tests that are about what follows. */
async function bookDirectly(account: SignedInAccount, teamName: string) {
  const response = await context.request.post(`${baseUrl}${EVENT}/register`, {
    form: {
      teamName,
      company: "Sluseholmen Systems",
      billingCompany: "Sluseholmen Systems ApS",
      cvr: VALID_CVR,
      billingEmail: "invoices@sluseholmen-systems.example",
      ...invoiceAddress,
      captainName: account.name,
      captainEmail: account.email,
      captainPhone: "+45 87 65 43 21",
      acceptTerms: "on",
      // Events that offer paying online too ask how; these bookings are paid by invoice.
      paymentMethod: "invoice",
      idempotencyKey: randomUUID(),
    },
    headers: { Origin: baseUrl },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

// Spec (issue 26, "Paid or not"): a company books and downloads its invoice, the club
// marks it paid or matches its bank statement, and each page passes axe.
describe("paid or not", () => {
  it("a company books a team and downloads its invoice; the club marks it paid and sees Paid", async () => {
    const teamName = `Paying Crew ${Date.now()}`;
    await signInAs(context, accounts.payer);
    await open(`${EVENT}/register`);
    await page.getByLabel("Team name").fill(teamName);
    await fillTeamDetails(page, "Sluseholmen Systems", accounts.payer);
    await page.getByRole("button", { name: "Register team" }).click();
    await page.waitForURL(new RegExp(`${EVENT}/registered/`));
    await page.getByRole("heading", { level: 1, name: /^(Your team is|This booking is)/ }).waitFor();

    const number = await invoiceNumberOf(teamName);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `Invoice ${number} (PDF)` }).click(),
    ]);
    const pdf = fs.readFileSync((await download.path()) ?? "");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The file's title (its info dictionary, never compressed) names the invoice.
    expect(pdf.toString("latin1")).toContain(`Invoice ${number}`);

    await context.clearCookies();
    await signInAsClub();
    await open("/dashboard/partner/invoices");
    await page.getByRole("link", { name: `Invoice ${number}`, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: `Invoice ${number}` }).waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);

    // A mistyped amount: the summary takes focus, the message is next to the field, the text stays.
    const amount = page.getByLabel("Amount incl. VAT (kr.)");
    const owed = await amount.inputValue();
    expect(owed).toMatch(/^\d+,\d{2}$/);
    await amount.fill("five thousand");
    await page.getByRole("button", { name: "Mark paid" }).click();
    const summary = page.getByRole("group", { name: "There is a problem" });
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => amount.getAttribute("aria-invalid")).toBe("true");
    expect(await amount.inputValue()).toBe("five thousand");

    await amount.fill(owed);
    await page.getByRole("button", { name: "Mark paid" }).click();
    await page.getByText("The payment is recorded.").waitFor();
    await expect.poll(() => page.locator("header").getByText("Paid", { exact: true }).count()).toBe(1);
    await expect
      .poll(() =>
        page
          .getByRole("table", { name: `Payments of invoice ${number}` })
          .getByText("Marked paid by hand")
          .count(),
      )
      .toBe(1);
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });

  it("the club uploads a bank statement: one payment matched by number, one by hand, nothing twice", async () => {
    const teamName = `Transfer Crew ${Date.now()}`;
    await signInAs(context, accounts.payer);
    await bookDirectly(accounts.payer, teamName);
    const number = await invoiceNumberOf(teamName);
    const token = randomUUID().slice(0, 8);
    const statement = Buffer.from(
      [
        "Dato;Tekst;Beløb;Saldo",
        `01.06.2027;Faktura ${number} Sluseholmen ${token};100,00;10.100,00`,
        `02.06.2027;Overførsel ${token};50,00;10.150,00`,
        `03.06.2027;Husleje ${token};-1.000,00;9.150,00`,
      ].join("\r\n"),
      "latin1",
    );

    await context.clearCookies();
    await signInAsClub();
    await open("/dashboard/partner/invoices/bank-statement");
    await page.getByRole("heading", { level: 1, name: "Bank statement" }).waitFor();
    await expectNoAxeViolations(page);

    const uploadFile = async () => {
      await page
        .getByLabel("Statement file (CSV)")
        .setInputFiles({ name: "kontoudtog.csv", mimeType: "text/csv", buffer: statement });
      await page.getByRole("button", { name: "Upload and match" }).click();
    };
    await uploadFile();
    await page
      .getByText("3 lines read: 3 new, 1 matched to invoices, 1 payments received not matched.")
      .waitFor();
    await page.getByText(`DKK 100.00 paid on invoice ${number}.`).waitFor();
    await expectNoAxeViolations(page);

    // The transfer without a number, matched by hand to the same invoice.
    const unmatched = page.getByRole("table", { name: /^Payments received that are not matched/ });
    const row = unmatched.getByRole("row").filter({ hasText: `Overførsel ${token}` });
    const option = await row.locator("option", { hasText: `${number}, ` }).getAttribute("value");
    await row.getByRole("combobox").selectOption(option ?? "");
    await row.getByRole("button", { name: "Match" }).click();
    await page.getByText("The payment is matched to the invoice.").waitFor();
    await expect.poll(() => unmatched.getByText(`Overførsel ${token}`).count()).toBe(0);
    const matched = page.getByRole("table", { name: "The latest payments matched to invoices" });
    await expect.poll(() => matched.getByRole("link", { name: number }).count()).toBe(2);

    // The same file again stores nothing and matches nothing twice.
    await waitForHydration(page);
    await uploadFile();
    await page.getByText("All 3 lines of this file were uploaded before; nothing new was stored.").waitFor();
    await expect.poll(() => matched.getByRole("link", { name: number }).count()).toBe(2);

    await page.getByRole("link", { name: number }).first().click();
    await page.getByRole("heading", { level: 1, name: `Invoice ${number}` }).waitFor();
    const payments = page.getByRole("table", { name: `Payments of invoice ${number}` });
    await expect.poll(() => payments.getByText(/^Bank statement: /).count()).toBe(2);
    expect(pageErrors).toEqual([]);
  });
});
