import type { Page } from "playwright-core";
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
