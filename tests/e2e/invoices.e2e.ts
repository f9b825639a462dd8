import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";
import { expectNoAxeViolations, openUntilShown, waitForHydration, withFreshPage } from "./browser";
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

// Spec: invoices and credit notes are listed, filtered and downloaded in the workspaces,
// and every page passes axe.
describe("invoices in the workspaces", () => {
  it("the partner's Invoices page lists the sample bookings' invoices, filters them and passes axe", async () => {
    await signInAs(context, accounts.partner);
    await open("/dashboard/partner/invoices");
    await page.getByRole("heading", { level: 1, name: "Invoices" }).waitFor();
    const table = page.getByRole("table", { name: "Invoices and credit notes, the newest first" });
    await expect.poll(() => table.getByRole("row").count()).toBeGreaterThan(1);
    await expect
      .poll(() => page.getByRole("link", { name: /^Invoice FRG-\d{4} \(PDF\)$/ }).count())
      .toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // A filter goes into the address, so the view can be shared.
    await page.getByLabel("Status").selectOption("open");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/status=open/);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });

  it("My Bookings shows a booking's invoice with its downloads, and passes axe", async () => {
    const account = accounts.invoicee;
    await signInAs(context, account);
    // An event no other test fills: 16 places, one taken by the sample.
    const response = await context.request.post(`${baseUrl}/events/indoor-rowing-challenge/register`, {
      form: {
        teamName: "Invoice Crew",
        company: "Refshaleøen Robotics",
        billingCompany: "Refshaleøen Robotics ApS",
        cvr: VALID_CVR,
        billingEmail: "invoices@refshaleoen-robotics.example",
        ...invoiceAddress,
        captainName: account.name,
        captainEmail: account.email,
        captainPhone: "+45 87 65 43 21",
        acceptTerms: "on",
        // The event offers paying online too; this booking is paid by invoice.
        paymentMethod: "invoice",
        idempotencyKey: randomUUID(),
      },
      headers: { Origin: baseUrl },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);

    const pdf = page.getByRole("link", { name: /^Invoice CHRC-\d{4} \(PDF\)$/ });
    await openUntilShown(
      () => open("/dashboard/bookings"),
      () => pdf,
    );
    await expectNoAxeViolations(page);

    const file = await context.request.get(`${baseUrl}${await pdf.getAttribute("href")}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect((await file.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    await page.getByRole("link", { name: /^(Edit|Details) the booking for Invoice Crew/ }).click();
    await page.getByRole("heading", { name: "Invoices and credit notes" }).waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });
});
