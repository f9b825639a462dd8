import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";
import type { SignedInAccount } from "./sessions";

/** Fills every field 'Register Your Team' needs except the team's name, with `captain` as its captain. */
export async function fillTeamDetails(page: Page, company: string, captain: SignedInAccount) {
  await page.getByLabel("Company", { exact: true }).fill(company);
  await page.getByLabel("Company name for the invoice").fill(`${company} ApS`);
  await page.getByLabel("Invoice address", { exact: true }).fill(invoiceAddress.billingAddressLine);
  await page.getByLabel("Postal code", { exact: true }).fill(invoiceAddress.billingPostalCode);
  await page.getByLabel("City", { exact: true }).fill(invoiceAddress.billingCity);
  await page.getByLabel("CVR number").fill(VALID_CVR);
  await page.getByLabel("Billing email", { exact: true }).fill("invoices@e2e.rcl.dk");
  await page.getByLabel("Captain's name").fill(captain.name);
  await page.getByLabel("Captain's email").fill(captain.email);
  await page.getByLabel("Captain's phone").fill("+45 12 34 56 78");
  await page.getByLabel(/I accept the event/).check();
}

/**
 * Books a team of `slug` as the form without JavaScript would, with `account` as booker and
 * captain, paid by invoice; `fields` adds to or replaces the form's fields (the team's name,
 * its roster). Returns the booking's id.
 */
export async function postBookingForm(
  context: BrowserContext,
  baseUrl: string,
  slug: string,
  account: SignedInAccount,
  company: string,
  fields: Record<string, string>,
): Promise<string> {
  const response = await context.request.post(`${baseUrl}/events/${slug}/register`, {
    form: {
      company,
      billingCompany: `${company} ApS`,
      cvr: VALID_CVR,
      billingEmail: "invoices@e2e.rcl.dk",
      ...invoiceAddress,
      captainName: account.name,
      captainEmail: account.email,
      captainPhone: "+45 87 65 43 21",
      acceptTerms: "on",
      // Events that offer paying online too ask how; these bookings are paid by invoice.
      paymentMethod: "invoice",
      idempotencyKey: randomUUID(),
      ...fields,
    },
    headers: { Origin: baseUrl },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  const id = /\/registered\/([^/?]+)$/.exec(response.headers().location ?? "")?.[1];
  if (!id) throw new Error(`No booking in ${response.headers().location}`);
  return id;
}
