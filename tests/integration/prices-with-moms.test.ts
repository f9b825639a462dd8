import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { type events, outboxEmails } from "#server/db/schema";
import { createBillingProfile } from "../support/billing";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

// Prices are stored net; every place a buyer sees one shows it with the moms of the
// partner's invoices: the price including moms first and the net beside it, or the price
// marked exempt (ADR 035). 4.000,00 kr. net is 5.000,00 kr. with 25 % moms.

let site: TestSite;
let registered: typeof events.$inferSelect;
let exempt: typeof events.$inferSelect;
let unprofiled: typeof events.$inferSelect;
let free: typeof events.$inferSelect;
let partnerSlugs: { registered: string; exempt: string };

const TEXTS = {
  registered: {
    en: "DKK 5,000.00 incl. VAT (DKK 4,000.00 excl. VAT)",
    da: "5.000,00 kr. inkl. moms (4.000,00 kr. ekskl. moms)",
  },
  exempt: { en: "DKK 4,000.00 (VAT exempt)", da: "4.000,00 kr. (momsfri)" },
} as const;
/** What a screen reader is given instead of the abbreviations and brackets. */
const SPOKEN = {
  registered: {
    en: "DKK 5,000.00 including VAT, DKK 4,000.00 excluding VAT",
    da: "5.000,00 kr. inklusive moms, 4.000,00 kr. eksklusive moms",
  },
  exempt: { en: "DKK 4,000.00, exempt from VAT", da: "4.000,00 kr., fritaget for moms" },
} as const;

beforeAll(async () => {
  site = await createTestSite();
  const db = site.database.db;
  const registeredClub = await createTestPartner(db, "Moms Registered Club");
  await createBillingProfile(db, registeredClub.id, { vatStatus: "registered" });
  const exemptClub = await createTestPartner(db, "Moms Exempt Club");
  // Not yet confirmed by an admin: shown with the status the partner gave, which its invoices will carry.
  await createBillingProfile(db, exemptClub.id, { vatStatus: "exempt", vatConfirmedAt: null });
  const unprofiledClub = await createTestPartner(db, "Moms Unprofiled Club");
  partnerSlugs = { registered: registeredClub.slug, exempt: exemptClub.slug };
  const event = (partnerId: string, title: string, priceMinor = 400_000) =>
    createTestEvent(db, partnerId, { title, priceMinor, maxTeams: 10, maxTeamsPerAccount: 5 });
  registered = await event(registeredClub.id, "Registered Moms Regatta");
  exempt = await event(exemptClub.id, "Exempt Moms Regatta");
  unprofiled = await event(unprofiledClub.id, "Unprofiled Moms Regatta");
  free = await event(registeredClub.id, "Free Moms Regatta", 0);
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

/** The page's text as a reader sees it: without React's text seams, with plain spaces. */
const readable = (html: string) => html.replaceAll("<!-- -->", "").replace(/\u00a0|\u202f/g, " ");

async function page(path: string, cookie?: string): Promise<string> {
  const response = await site.request(path, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status, `${path} ${response.headers.get("location")}`).toBe(200);
  return readable(await response.text());
}

/** The booking card's price: the amount paid set large, the bracketed part under it, the words a screen reader says. */
function bookingCardPrice(html: string) {
  const card =
    /text-3xl[^>]*>([^<]*)<\/p><p[^>]*><span aria-hidden="true">([^<]*)<\/span><span class="sr-only">([^<]*)</.exec(
      html,
    );
  if (!card) throw new Error("No price on the booking card");
  const [, main, aside, spoken] = card;
  return { text: `${main} ${aside!.trim()}`.trim(), spoken: spoken!.trim() };
}

const localized = (path: string, locale: "en" | "da") => (locale === "da" ? `/da${path}` : path);

describe.each(["en", "da"] as const)("in %s", (locale) => {
  it("the event page's booking card shows the price with moms and the net beside it, or exempt", async () => {
    expect(bookingCardPrice(await page(localized(`/events/${registered.slug}`, locale)))).toEqual({
      text: TEXTS.registered[locale],
      spoken: SPOKEN.registered[locale],
    });
    expect(bookingCardPrice(await page(localized(`/events/${exempt.slug}`, locale)))).toEqual({
      text: TEXTS.exempt[locale],
      spoken: SPOKEN.exempt[locale],
    });
    expect(bookingCardPrice(await page(localized(`/events/${free.slug}`, locale))).text).toBe(
      locale === "da" ? "Gratis" : "Free",
    );
  });

  it("the events list, the landing page's cards and the partner pages show the same prices", async () => {
    const list = await page(localized(`/events?q=${encodeURIComponent("Moms Regatta")}`, locale));
    expect(list).toContain(TEXTS.registered[locale]);
    expect(list).toContain(TEXTS.exempt[locale]);
    expect(list).toContain(locale === "da" ? ">Gratis<" : ">Free<");
    const registeredPartner = await page(localized(`/partners/${partnerSlugs.registered}`, locale));
    expect(registeredPartner).toContain(TEXTS.registered[locale]);
    const exemptPartner = await page(localized(`/partners/${partnerSlugs.exempt}`, locale));
    expect(exemptPartner).toContain(TEXTS.exempt[locale]);
    expect(exemptPartner).not.toContain(TEXTS.registered[locale]);
  });

  it("a partner without a billing profile is shown at the standard rate", async () => {
    expect(bookingCardPrice(await page(localized(`/events/${unprofiled.slug}`, locale))).text).toBe(
      TEXTS.registered[locale],
    );
  });

  it("search engines are given what the buyer pays", async () => {
    const html = await page(localized(`/events/${registered.slug}`, locale));
    expect(html).toContain('"price":"5000.00"');
    expect(await page(localized(`/events/${exempt.slug}`, locale))).toContain('"price":"4000.00"');
    expect(await page(localized(`/events/${free.slug}`, locale))).toContain('"price":"0.00"');
  });
});

/** The confirmation goes to the captain: here the booker. */
const teamForm = (teamName: string, captain: string): Record<string, string> => ({
  idempotencyKey: randomUUID(),
  teamName,
  company: "Nyhavn Legal",
  billingCompany: "Nyhavn Legal ApS",
  cvr: VALID_CVR,
  ean: "",
  poReference: "",
  billingEmail: "invoices@nyhavn-legal.dk",
  ...invoiceAddress,
  captainName: "Astrid Holm",
  captainEmail: captain,
  captainPhone: "+45 20 30 40 50",
  "roster[0].name": "Astrid Holm",
  "roster[0].email": captain,
  notes: "",
  acceptTerms: "on",
});

/** The booking's confirmation to its captain, once the queue has sent it. */
async function confirmationOf(to: string, team: string) {
  await site.runDueJobs();
  const mails = await site.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
  // The booking's confirmation: the booker captains and rows too, so their crew page's and
  // their seat's links (ADR 038) name the team as well.
  const mail = mails.find(
    (sent) => sent.text.includes(team) && !sent.text.includes("/rower/") && !sent.text.includes("/crew/"),
  );
  if (!mail) throw new Error(`No mail about ${team} to ${to}`);
  return mail;
}

describe("a booking", () => {
  let booker: TestAccount;
  beforeAll(async () => {
    booker = await createAccount(site);
  });

  it.each(["en", "da"] as const)(
    "shows the price with moms on the form, in the confirmation mail and in My Bookings (%s)",
    async (locale) => {
      for (const [kind, event] of [
        ["registered", registered],
        ["exempt", exempt],
      ] as const) {
        const team = `${kind} ${locale} rowers`;
        const form = await page(localized(`/events/${event.slug}/register`, locale), booker.cookie);
        expect(form, `${kind} form`).toContain(TEXTS[kind][locale]);
        expect(form).toContain(SPOKEN[kind][locale]);

        const booked = await postForm(
          site,
          localized(`/events/${event.slug}/register`, locale),
          teamForm(team, booker.email),
          booker.cookie,
        );
        expect(booked.status, `${kind} booking`).toBe(303);
        const mail = await confirmationOf(booker.email, team);
        expect(readable(mail.text), `${kind} mail`).toContain(TEXTS[kind][locale]);
        expect(readable(mail.html)).toContain(TEXTS[kind][locale]);
      }
      // The dashboard is in the language the booker chose with the switch.
      await postForm(site, "/language", { language: locale, next: "/dashboard/bookings" }, booker.cookie);
      const bookings = await page("/dashboard/bookings", `${booker.cookie}; lang=${locale}`);
      expect(bookings).toContain(TEXTS.registered[locale]);
      expect(bookings).toContain(TEXTS.exempt[locale]);
      expect(bookings).toContain(SPOKEN.exempt[locale]);
    },
  );
});
