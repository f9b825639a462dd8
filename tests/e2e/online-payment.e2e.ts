import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { formatMoneyExact } from "~/lib/money";
import { scaled } from "../support/timeouts";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { CARD_EVENT } from "./card-event";
import { signInAs } from "./sessions";
import { fillTeamDetails } from "./team-form";

const baseUrl = inject("baseUrl");
// The test's own account, so its bookings list holds only what this file books.
const account = inject("accounts").cardPayer;
const TEAM = "Card Crew";
// The harbour club is exempt from moms: the price is what is paid, and half comes back.
const paid = formatMoneyExact(CARD_EVENT.priceMinor, "DKK", "en");
const half = formatMoneyExact(CARD_EVENT.priceMinor / 2, "DKK", "en");

let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

async function open(path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

/**
 * Opens `path` again until `text` is in `section`: what the worker's jobs (the provider's
 * webhook, the refund) change shows on the next load of the page.
 */
async function reloadUntil(path: string, section: () => ReturnType<Page["getByRole"]>, text: string) {
  await expect
    .poll(
      async () => {
        await open(path);
        return (await section().textContent()) ?? "";
      },
      { timeout: scaled(60_000), interval: 1000 },
    )
    .toContain(text);
}

// Spec (issue 27): a company pays a team booking by card at the test provider's checkout,
// the webhook confirms it, and cancelling in the policy's 50 % window credits half the
// invoice and refunds it; the checkout and the booking page pass axe.
describe("paying a booking online", () => {
  it(
    "pays by card, is confirmed by the webhook, and cancelling refunds half with a credit note",
    async () => {
      await signInAs(context, account);
      await open(`/events/${CARD_EVENT.slug}/register`);
      await page.getByLabel("Team name").fill(TEAM);
      await fillTeamDetails(page, "Teglholmen Tech", account);
      const choice = page.getByRole("radiogroup", { name: "How do you want to pay?" });
      await choice.getByRole("radio", { name: "Pay now by card or MobilePay" }).check();
      await page.getByRole("button", { name: "Register team" }).click();

      // The places are held and the booker is at the test provider's checkout.
      await page.waitForURL(/\/test-payment\/[^/]+$/);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: "Test payment" }).waitFor();
      await page.getByText("Test payment – no real money moves").first().waitFor();
      expect(await page.locator("main").textContent()).toContain(paid);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Pay by card" }).click();

      // Back on the site, the page looks again every 5 s until the webhook confirms the booking.
      await page.waitForURL(new RegExp(`/events/${CARD_EVENT.slug}/registered/[^/]+$`));
      const bookingId = new URL(page.url()).pathname.split("/").pop()!;
      await page
        .getByRole("heading", { level: 1, name: "Your team is registered" })
        .waitFor({ timeout: scaled(60_000) });

      // The booking: confirmed, paid online, invoiced.
      const bookingPath = `/dashboard/bookings/${bookingId}`;
      await open(bookingPath);
      await page.getByRole("heading", { level: 1, name: TEAM }).waitFor();
      const payment = () => page.getByRole("region", { name: "Payment" });
      const documents = () => page.getByRole("region", { name: "Invoices and credit notes" });
      expect(await payment().textContent()).toContain("Online (card or MobilePay)");
      expect(await payment().textContent()).toContain("Paid");
      await documents()
        .getByRole("cell", { name: /^Invoice CHRC-\d{4}$/ })
        .waitFor();
      await expectNoAxeViolations(page);

      // Cancelling asks first, and says what the policy gives back.
      await page.getByRole("button", { name: "Cancel this booking…" }).click();
      const dialog = page.getByRole("dialog", { name: `Are you sure you want to cancel ${TEAM}?` });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(
        `Under the cancellation policy you get ${half} back (50 %); ${half} is kept as a cancellation fee.`,
      );
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Yes, cancel the booking" }).click();
      await page.waitForURL(`${baseUrl}/dashboard/bookings`);
      await page.getByText("Your booking has been cancelled").first().waitFor();

      // The credit note is issued at once; the refund is sent by the worker's job.
      await open(bookingPath);
      await documents()
        .getByRole("cell", { name: /^Credit note CHRC-\d{4}$/ })
        .waitFor();
      await reloadUntil(bookingPath, payment, `${half}, Booking cancelled: refunded`);
      const facts = (await payment().textContent()) ?? "";
      expect(facts).toContain("Partly refunded");
      expect(facts).toContain("Cancellation fee kept");
      await expectNoAxeViolations(page);
      expect(pageErrors).toEqual([]);
    },
    scaled(240_000),
  );
});
