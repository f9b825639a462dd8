import { and, asc, eq, isNotNull } from "drizzle-orm";
import { addDays, copenhagenDate, dateKey } from "~/lib/calendar-date";
import type { Database } from "../client";
import { eventPageViews, events, inquiries, partners, teamRegistrations } from "../schema";

const DAY_MS = 24 * 60 * 60 * 1000;
const VIEW_DAYS = 30;

/** First names for the rosters the demo's first teams have filled in. */
const ROWERS = ["Mette", "Jonas", "Sofie", "Mikkel", "Freja", "Emil", "Ida", "Lukas", "Clara"];

const SAMPLE_INQUIRIES = [
  {
    partnerSlug: "frankfurter-rg-germania",
    name: "Karen Sørensen",
    email: "karen.sorensen@nordlys-consulting.example",
    company: "Nordlys Consulting",
    subject: "Rowing day for our sales team",
    message:
      "We are 24 people and would like a half-day on the water in late August, ending with dinner. Could you send us dates and a price?",
    preferredDate: "Late August",
    groupSize: 24,
    daysAgo: 2,
  },
  {
    partnerSlug: "frankfurter-rg-germania",
    name: "Anders Holm",
    email: "anders.holm@kastrup-engineering.example",
    company: "Kastrup Engineering",
    subject: "Beginners welcome?",
    message:
      "Most of our team has never rowed. Is the Riverside Team Racing day suitable for complete beginners?",
    preferredDate: null,
    groupSize: 9,
    daysAgo: 6,
    reply:
      "Yes: every boat has a coach and the first hour is a lesson on land and in the boat. Nobody needs to have rowed before.",
  },
  {
    partnerSlug: "copenhagen-harbour-rowing-club",
    name: "Line Dahl",
    email: "line.dahl@amager-design.example",
    company: "Amager Design Studio",
    subject: "Private event in September",
    message: "Could we book the harbour for our own team of 18 on a Friday afternoon in September?",
    preferredDate: "A Friday in September",
    groupSize: 18,
    daysAgo: 4,
  },
];

/**
 * What a demo partner finds when they first look around: inquiries to answer, a few
 * teams that have named their rowers, and a month of page views for the analytics.
 * Embedded demo only, beside the demo accounts; the sample content itself (and the
 * tests that load it) stays without them.
 */
export async function seedDemoActivity(db: Database, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const partnerRows = await tx.select({ id: partners.id, slug: partners.slug }).from(partners);
    const partnerIdBySlug = new Map(partnerRows.map((row) => [row.slug, row.id]));
    for (const { partnerSlug, daysAgo, reply, ...inquiry } of SAMPLE_INQUIRIES) {
      const partnerId = partnerIdBySlug.get(partnerSlug);
      if (!partnerId) continue;
      const createdAt = new Date(now.getTime() - daysAgo * DAY_MS);
      await tx.insert(inquiries).values({
        ...inquiry,
        partnerId,
        createdAt,
        ...(reply
          ? { status: "answered" as const, reply, repliedAt: new Date(createdAt.getTime() + DAY_MS / 4) }
          : {}),
      });
    }

    // The first team of each event has named most of its rowers; the others none yet.
    const published = await tx
      .select({ id: events.id, teamSize: events.teamSize })
      .from(events)
      .where(and(eq(events.status, "published"), isNotNull(events.publishedAt)))
      .orderBy(asc(events.startsAt));
    for (const event of published) {
      const [first] = await tx
        .select({ id: teamRegistrations.id, company: teamRegistrations.company })
        .from(teamRegistrations)
        .where(eq(teamRegistrations.eventId, event.id))
        .orderBy(asc(teamRegistrations.createdAt))
        .limit(1);
      if (!first) continue;
      const domain = `${first.company.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example`;
      const named = ROWERS.slice(0, Math.max(1, event.teamSize - 3)).map((name) => ({
        name: `${name} ${first.company.split(" ")[0]}`,
        email: `${name.toLowerCase()}@${domain}`,
      }));
      await tx.update(teamRegistrations).set({ roster: named }).where(eq(teamRegistrations.id, first.id));
    }

    // A steady month of visits with a weekly rhythm, different for each event.
    const today = copenhagenDate(now);
    const views = published.flatMap((event, eventIndex) =>
      Array.from({ length: VIEW_DAYS }, (_, dayIndex) => ({
        eventId: event.id,
        day: dateKey(addDays(today, dayIndex - VIEW_DAYS + 1)),
        views: 4 + ((dayIndex * 7 + eventIndex * 5) % 19),
      })),
    );
    if (views.length > 0) await tx.insert(eventPageViews).values(views).onConflictDoNothing();
  });
}
