import { count, inArray } from "drizzle-orm";
import { copenhagenTime, copenhagenYear } from "~/lib/dates";
import { sanitizeRichText } from "#server/content/sanitize";
import type { Database } from "../client";
import {
  events,
  partnerBillingProfiles,
  partners,
  profiles,
  siteSettings,
  teamMembers,
  teamRegistrations,
  users,
} from "../schema";
import {
  sampleBillingProfiles,
  samplePartners,
  sampleEvents,
  sampleSiteSettings,
  sampleTeam,
} from "./sample-content";
import { issueBookingInvoice } from "#server/invoices/issue-booking-invoice";
import type { MailQueue } from "#server/email/enqueue-email";
import { slugify } from "~/lib/slugs";

const DAY_MS = 24 * 60 * 60 * 1000;
const REGISTRATION_WINDOW_CLOSES_DAYS_BEFORE = 14;

/**
 * The first year, from `now`'s on, in which the given Copenhagen date and time is
 * still ahead, so the demo always shows upcoming events.
 */
export function nextOccurrence(
  now: Date,
  month: number,
  day: number,
  [hour, minute]: [number, number],
): Date {
  for (let year = copenhagenYear(now); ; year += 1) {
    const candidate = copenhagenTime(year, month, day, hour, minute);
    if (candidate.getTime() > now.getTime()) return candidate;
  }
}

type SampleDate = { month: number; day: number; startTime: [hour: number, minute: number] };

/**
 * The year the whole sample programme takes place in: the first in which its earliest
 * event is still ahead. Every event moves with it, so they keep the specification's order
 * (the networking mixer first, then the three regular events of June 15, July 8 and
 * August 22 that the home page shows) whatever the day of seeding.
 */
export function sampleSeasonYear(now: Date, dates: readonly SampleDate[]): number {
  const [earliest] = [...dates].sort(
    (a, b) =>
      a.month - b.month ||
      a.day - b.day ||
      a.startTime[0] - b.startTime[0] ||
      a.startTime[1] - b.startTime[1],
  );
  if (!earliest) return copenhagenYear(now);
  return copenhagenYear(nextOccurrence(now, earliest.month, earliest.day, earliest.startTime));
}

/** True when the database holds no partners and no events yet. */
export async function isEmpty(db: Database): Promise<boolean> {
  const [partnerCount] = await db.select({ n: count() }).from(partners);
  const [eventCount] = await db.select({ n: count() }).from(events);
  return (partnerCount?.n ?? 0) === 0 && (eventCount?.n ?? 0) === 0;
}

export type SeedReport = { partners: number; events: number; registrations: number };

/**
 * Loads the specification's sample content. Safe to run again: rows that already
 * exist (by slug, email or position) are left as they are.
 */
export async function seedSampleContent(db: Database, now = new Date()): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    await tx.insert(siteSettings).values(sampleSiteSettings).onConflictDoNothing();
    await tx.insert(teamMembers).values(sampleTeam).onConflictDoNothing();

    const insertedPartners = await tx
      .insert(partners)
      .values(
        samplePartners.map((p) => ({
          ...p,
          fullDescriptionHtml: sanitizeRichText(p.fullDescriptionHtml ?? ""),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: partners.id });
    const partnerRows = await tx
      .select({ id: partners.id, slug: partners.slug })
      .from(partners)
      .where(
        inArray(
          partners.slug,
          samplePartners.map((p) => p.slug),
        ),
      );
    const partnerIdBySlug = new Map(partnerRows.map((row) => [row.slug, row.id]));
    const billing = Object.entries(sampleBillingProfiles).flatMap(([slug, profile]) => {
      const partnerId = partnerIdBySlug.get(slug);
      return partnerId ? [{ ...profile, partnerId, vatConfirmedAt: now }] : [];
    });
    if (billing.length > 0) await tx.insert(partnerBillingProfiles).values(billing).onConflictDoNothing();

    const year = sampleSeasonYear(now, sampleEvents);
    const eventValues = sampleEvents.map(
      ({ partnerSlug, month, day, startTime, endTime, registeredCompanies: _companies, ...event }) => {
        const partnerId = partnerIdBySlug.get(partnerSlug);
        if (!partnerId) throw new Error(`Sample event ${event.slug} names unknown partner ${partnerSlug}`);
        const startsAt = copenhagenTime(year, month, day, startTime[0], startTime[1]);
        // Same Copenhagen day as the start; events here never run past midnight.
        const endsAt = new Date(
          startsAt.getTime() + ((endTime[0] - startTime[0]) * 60 + endTime[1] - startTime[1]) * 60_000,
        );
        return {
          ...event,
          detailedDescriptionHtml: sanitizeRichText(event.detailedDescriptionHtml ?? ""),
          partnerId,
          startsAt,
          endsAt,
          registrationDeadline: new Date(
            startsAt.getTime() - REGISTRATION_WINDOW_CLOSES_DAYS_BEFORE * DAY_MS,
          ),
        };
      },
    );
    const insertedEvents = await tx
      .insert(events)
      .values(eventValues)
      .onConflictDoNothing()
      .returning({ id: events.id, slug: events.slug });

    // Teams are only added to events created in this run, so a re-run never doubles them.
    const companies = [...new Set(sampleEvents.flatMap((e) => e.registeredCompanies ?? []))];
    const bookers = companies.map((company) => {
      const slug = slugify(company);
      return {
        user: {
          id: `sample-${slug}`,
          name: `${company} bookings`,
          email: `teams@${slug}.example`,
          emailVerified: true,
        },
        profile: {
          userId: `sample-${slug}`,
          firstName: company.split(" ")[0] ?? company,
          lastName: "Bookings",
          company,
        },
      };
    });
    if (bookers.length > 0) {
      await tx
        .insert(users)
        .values(bookers.map((b) => b.user))
        .onConflictDoNothing();
      await tx
        .insert(profiles)
        .values(bookers.map((b) => b.profile))
        .onConflictDoNothing();
    }

    const registrations = insertedEvents.flatMap(({ id, slug }) => {
      const seed = sampleEvents.find((e) => e.slug === slug);
      return (seed?.registeredCompanies ?? []).map((company, index) => ({
        eventId: id,
        userId: `sample-${slugify(company)}`,
        teamName: `${company} Crew`,
        company,
        status: "confirmed" as const,
        billingCompany: company,
        billingAddressLine: "Havnegade 1",
        billingPostalCode: "1058",
        billingCity: "København K",
        cvr: "35954716",
        billingEmail: `finance@${slugify(company)}.example`,
        captainName: `${company} team captain`,
        captainEmail: `teams@${slugify(company)}.example`,
        // Spread over the weeks before seeding, so activity charts have a history.
        createdAt: new Date(now.getTime() - (index + 1) * 3 * DAY_MS),
      }));
    });
    const booked =
      registrations.length > 0 ? await tx.insert(teamRegistrations).values(registrations).returning() : [];
    // Each sample place has its invoice, as a booking made on the site would; no sample
    // buyer has an EAN, so nothing is queued for an access point.
    const refuse = () => Promise.reject(new Error("Sample buyers have no EAN."));
    const noQueue: MailQueue = { enqueue: refuse, enqueueAll: refuse };
    const eventById = new Map(
      (
        await tx
          .select()
          .from(events)
          .where(
            inArray(
              events.id,
              insertedEvents.map((row) => row.id),
            ),
          )
      ).map((row) => [row.id, row]),
    );
    for (const registration of booked) {
      const event = eventById.get(registration.eventId);
      if (event) await issueBookingInvoice(tx, noQueue, { registration, event, now });
    }

    return {
      partners: insertedPartners.length,
      events: insertedEvents.length,
      registrations: registrations.length,
    };
  });
}
