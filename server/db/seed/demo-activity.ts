import { and, asc, eq, isNotNull } from "drizzle-orm";
import { addDays, copenhagenDate, dateKey } from "~/lib/calendar-date";
import type { Database } from "../client";
import {
  declarationAcceptances,
  eventDeclarations,
  eventPageViews,
  events,
  inquiries,
  partners,
  questionAnswers,
  rowerSeats,
  teamRegistrations,
  type EventQuestion,
} from "../schema";

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

/** The demo partner's event that shows the day on the water (ADR 038) set up and under way. */
const DAY_ON_THE_WATER_EVENT = "riverside-team-racing";

const DEMO_QUESTIONS: EventQuestion[] = [
  {
    id: "lunch",
    scope: "team",
    kind: "long",
    label: "Anything the kitchen should know for the team's lunch (allergies, vegetarians)?",
    labelTranslation: "Er der noget, køkkenet skal vide til holdets frokost (allergier, vegetarer)?",
    options: [],
    required: false,
  },
  {
    id: "rowed-before",
    scope: "rower",
    kind: "yes_no",
    label: "Have you rowed before?",
    labelTranslation: "Har du roet før?",
    options: [],
    required: true,
  },
  {
    id: "shirt",
    scope: "rower",
    kind: "one_of",
    label: "T-shirt size",
    labelTranslation: "T-shirtstørrelse",
    options: ["S", "M", "L", "XL"].map((size) => ({
      id: size.toLowerCase(),
      label: size,
      labelTranslation: size,
    })),
    required: false,
  },
];

const DEMO_DECLARATION = {
  text: "I can swim 300 m. I row at my own risk, follow the instructors' directions on the water and wear a life vest when asked to.",
  textTranslation:
    "Jeg kan svømme 300 m. Jeg ror på eget ansvar, følger instruktørernes anvisninger på vandet og bærer redningsvest, når jeg bliver bedt om det.",
};

/**
 * What a demo partner finds when they first look around: inquiries to answer, a few
 * teams that have named their rowers, one event set up for the day on the water (its
 * declaration, questions, weather limits and backup date, and a team whose rowers have
 * partly answered), and a month of page views for the analytics.
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

    await seedDayOnTheWater(tx, now);

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

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The day on the water on one event, after its first team named its rowers (the seats
 * come from the roster's trigger): the club's declaration, questions for the team and the
 * rowers, its weather limits and backup date, and two rowers who have answered by their
 * link, one of them a non-swimmer, so the crew list, the day page and check-in have
 * states to show. The forecast's point stays the partner's; no forecast is fetched
 * without the adapter's configuration, which the board says.
 */
async function seedDayOnTheWater(tx: Transaction, now: Date) {
  const [event] = await tx
    .select({ id: events.id, startsAt: events.startsAt, endsAt: events.endsAt, language: events.language })
    .from(events)
    .where(eq(events.slug, DAY_ON_THE_WATER_EVENT));
  if (!event) return;
  const week = 7 * DAY_MS;
  await tx
    .update(events)
    .set({
      rowerQuestions: DEMO_QUESTIONS,
      maxWindMs: "8.0",
      maxGustMs: "12.0",
      minWaterC: "10.0",
      backupStartsAt: new Date(event.startsAt.getTime() + week),
      backupEndsAt: new Date(event.endsAt.getTime() + week),
    })
    .where(eq(events.id, event.id));
  const [declaration] = await tx
    .insert(eventDeclarations)
    .values({ eventId: event.id, version: 1, language: event.language, ...DEMO_DECLARATION })
    .returning({ id: eventDeclarations.id });
  const seats = await tx
    .select({ id: rowerSeats.id, registrationId: rowerSeats.registrationId })
    .from(rowerSeats)
    .where(eq(rowerSeats.eventId, event.id))
    .orderBy(asc(rowerSeats.name))
    .limit(2);
  const answered = new Date(now.getTime() - 2 * DAY_MS);
  for (const [index, seat] of seats.entries()) {
    await tx
      .update(rowerSeats)
      .set({
        invitedAt: new Date(answered.getTime() - DAY_MS),
        confirmedAt: answered,
        swims: index === 0,
        emergencyName: index === 0 ? "Hanne Jensen" : "Peter Nielsen",
        emergencyPhone: index === 0 ? "+45 20 11 22 33" : "+45 30 44 55 66",
      })
      .where(eq(rowerSeats.id, seat.id));
    await tx
      .insert(declarationAcceptances)
      .values({ seatId: seat.id, declarationId: declaration!.id, acceptedAt: answered, method: "link" });
    const answer = { eventId: event.id, registrationId: seat.registrationId, seatId: seat.id };
    await tx.insert(questionAnswers).values([
      {
        ...answer,
        questionId: "rowed-before",
        value: index === 0,
        answeredAt: answered,
        answeredBy: "rower",
      },
      {
        ...answer,
        questionId: "shirt",
        value: index === 0 ? "m" : "l",
        answeredAt: answered,
        answeredBy: "rower",
      },
    ]);
  }
}
