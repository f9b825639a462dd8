import { inArray } from "drizzle-orm";
import { partnerIdBySlug, upsertCredentialAccount } from "#server/auth/credential-account";
import { resolveAuthSecret } from "#server/auth/secret";
import { runMigrations } from "#server/db/migrate";
import { openDatabaseFromEnv } from "#server/db/open-from-env";
import { events, profiles, users } from "#server/db/schema";
import { seedDemoActivity } from "#server/db/seed/demo-activity";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from "#server/db/seed/demo-accounts";
import { seedSampleContent } from "#server/db/seed/seed";
import { loadEnv } from "#server/env";
import { createServices } from "#server/services";
import { CARD_EVENT } from "./card-event";
import { QUESTIONS_EVENT } from "./questions-event";
import { WEATHER_EVENT } from "./weather-event";
import type { SignedInAccount } from "./sessions";

const TEST_PASSWORD = "e2e-rowing-2026";

/**
 * Accounts that belong to one test each, beside the shared demo accounts, so what one
 * test books or changes never shows up in another.
 */
const TEST_ACCOUNTS = [
  {
    key: "booker",
    email: "booker@e2e.rcl.dk",
    firstName: "Bo",
    lastName: "Booker",
    company: "Nordhavn Analytics",
  },
  {
    key: "registrant",
    email: "registrant@e2e.rcl.dk",
    firstName: "Rie",
    lastName: "Registrant",
    company: "Holmen Shipping",
  },
  {
    key: "captain",
    email: "captain@e2e.rcl.dk",
    firstName: "Kaja",
    lastName: "Kaptajn",
    company: "Vesterbro Logistics",
  },
  {
    key: "member",
    email: "member@e2e.rcl.dk",
    firstName: "Mia",
    lastName: "Member",
    company: "Christianshavn Consulting",
  },
  {
    key: "colleague",
    email: "colleague@e2e.rcl.dk",
    firstName: "Kim",
    lastName: "Kollega",
    company: "Nordhavn Analytics",
  },
  {
    key: "canceller",
    email: "canceller@e2e.rcl.dk",
    firstName: "Cai",
    lastName: "Canceller",
    company: "Fjord Freight",
  },
  {
    key: "phone",
    email: "phone@e2e.rcl.dk",
    firstName: "Freja",
    lastName: "Phone",
    company: "Amager Advisory",
  },
  {
    key: "printer",
    email: "printer@e2e.rcl.dk",
    firstName: "Palle",
    lastName: "Printer",
    company: "Valby Print",
  },
  {
    key: "dansk",
    email: "dansk@e2e.rcl.dk",
    firstName: "Dorte",
    lastName: "Dansk",
    company: "Christianshavn Consulting",
  },
  {
    key: "invoicee",
    email: "invoicee@e2e.rcl.dk",
    firstName: "Ivan",
    lastName: "Invoicee",
    company: "Refshaleøen Robotics",
  },
  {
    key: "payer",
    email: "payer@e2e.rcl.dk",
    firstName: "Pia",
    lastName: "Payer",
    company: "Sluseholmen Systems",
  },
  {
    key: "cardPayer",
    email: "cardpayer@e2e.rcl.dk",
    firstName: "Carla",
    lastName: "Card",
    company: "Teglholmen Tech",
  },
  {
    key: "rowerBooker",
    email: "rower-booker@e2e.rcl.dk",
    firstName: "Rasmus",
    lastName: "Roster",
    company: "Kalvebod Kayaks",
  },
  {
    key: "crewCaptain",
    email: "crew-captain@e2e.rcl.dk",
    firstName: "Cecilie",
    lastName: "Captain",
    company: "Refshaleøen Robotics",
  },
  {
    key: "klub",
    email: "klub@e2e.rcl.dk",
    firstName: "Karen",
    lastName: "Klub",
    company: "Copenhagen Harbour Rowing Club",
    partnerSlug: "copenhagen-harbour-rowing-club",
  },
] as const;

/** Test accounts whose saved language is Danish (ADR 033). */
const DANISH_ACCOUNTS = ["dansk@e2e.rcl.dk"];

/** The demo accounts by their role, and the test accounts by their use. */
export type AccountName = (typeof DEMO_ACCOUNTS)[number]["role"] | (typeof TEST_ACCOUNTS)[number]["key"];

/**
 * Fills a new data folder as the server's first start would (migrations, sample content,
 * demo accounts, auth secret), adds the test accounts and opens a session for every
 * account. The server then starts on it like on any later start of an embedded install:
 * it finds the content in place and signs cookies with the same secret.
 */
export async function prepareDataDir(
  dataDir: string,
  baseUrl: string,
): Promise<Record<AccountName, SignedInAccount>> {
  // The server's BASE_URL, so the session cookies carry the names it reads (`__Host-` over https).
  const env = loadEnv({ DATA_DIR: dataDir, BASE_URL: baseUrl });
  const database = await openDatabaseFromEnv(env);
  try {
    await runMigrations(database);
    const { auth, background } = createServices({
      database,
      baseUrl: env.baseUrl,
      authSecret: resolveAuthSecret(env),
    });
    await seedSampleContent(database.db);
    await seedDemoAccounts(auth, database.db);
    await seedDemoActivity(database.db);
    await addCardEvent(database);
    await addWeatherEvent(database);
    await addQuestionsEvent(database);
    for (const { key: _key, ...account } of TEST_ACCOUNTS) {
      const { partnerSlug, ...person } = { partnerSlug: undefined, ...account };
      await upsertCredentialAccount(auth, database.db, {
        ...person,
        password: TEST_PASSWORD,
        ...(partnerSlug
          ? { role: "partner", partnerId: await partnerIdBySlug(database.db, partnerSlug) }
          : { role: "user" }),
      });
    }
    await database.db
      .update(profiles)
      .set({ language: "da" })
      .where(
        inArray(
          profiles.userId,
          database.db.select({ id: users.id }).from(users).where(inArray(users.email, DANISH_ACCOUNTS)),
        ),
      );
    const signIns = [
      ...DEMO_ACCOUNTS.map((account) => ({ key: account.role, account, password: DEMO_PASSWORD })),
      ...TEST_ACCOUNTS.map((account) => ({ key: account.key, account, password: TEST_PASSWORD })),
    ];
    const signedIn: [AccountName, SignedInAccount][] = [];
    for (const { key, account, password } of signIns) {
      const { headers } = await auth.api.signInEmail({
        body: { email: account.email, password },
        returnHeaders: true,
      });
      signedIn.push([
        key,
        {
          email: account.email,
          name: `${account.firstName} ${account.lastName}`,
          cookies: headers.getSetCookie().map(cookiePair),
        },
      ]);
    }
    await background.settled();
    return Object.fromEntries(signedIn) as Record<AccountName, SignedInAccount>;
  } finally {
    await database.close();
  }
}

/**
 * The online-payment test's event (card-event.ts), published. Its start is counted from
 * now, which no sample event's is, so the cancellation falls in a known refund window.
 */
async function addCardEvent({ db }: Awaited<ReturnType<typeof openDatabaseFromEnv>>) {
  const partnerId = await partnerIdBySlug(db, CARD_EVENT.partnerSlug);
  if (!partnerId) throw new Error(`No partner ${CARD_EVENT.partnerSlug} in the sample content.`);
  const day = 24 * 60 * 60 * 1000;
  const startsAt = new Date(Date.now() + CARD_EVENT.daysAhead * day);
  startsAt.setUTCHours(9, 0, 0, 0);
  await db.insert(events).values({
    slug: CARD_EVENT.slug,
    language: "en",
    title: CARD_EVENT.title,
    description: "Sprint races in the harbour, paid by card or MobilePay when you book.",
    type: "team_building",
    status: "published",
    publishedAt: new Date(),
    partnerId,
    location: "Copenhagen, Denmark",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 4 * 60 * 60 * 1000),
    registrationDeadline: new Date(startsAt.getTime() - 5 * day),
    priceMinor: CARD_EVENT.priceMinor,
    maxTeams: 4,
    teamSize: 8,
    paymentMethods: "both",
  });
}

/** The weather test's event (weather-event.ts), published with an approved backup date. */
async function addWeatherEvent({ db }: Awaited<ReturnType<typeof openDatabaseFromEnv>>) {
  const partnerId = await partnerIdBySlug(db, WEATHER_EVENT.partnerSlug);
  if (!partnerId) throw new Error(`No partner ${WEATHER_EVENT.partnerSlug} in the sample content.`);
  const day = 24 * 60 * 60 * 1000;
  const length = 4 * 60 * 60 * 1000;
  const startsAt = new Date(Date.now() + WEATHER_EVENT.daysAhead * day);
  startsAt.setUTCHours(8, 0, 0, 0);
  const backupStartsAt = new Date(startsAt.getTime() + WEATHER_EVENT.backupDaysLater * day);
  await db.insert(events).values({
    slug: WEATHER_EVENT.slug,
    language: "en",
    title: WEATHER_EVENT.title,
    description: "Coastal boats on the Main, or a week later if the wind says no.",
    type: "traditional_rowing",
    status: "published",
    publishedAt: new Date(),
    partnerId,
    location: "Frankfurt am Main",
    startsAt,
    endsAt: new Date(startsAt.getTime() + length),
    backupStartsAt,
    backupEndsAt: new Date(backupStartsAt.getTime() + length),
    registrationDeadline: new Date(startsAt.getTime() - 5 * day),
    priceMinor: 200_000,
    maxTeams: 4,
    teamSize: 8,
  });
}

async function addQuestionsEvent({ db }: Awaited<ReturnType<typeof openDatabaseFromEnv>>) {
  const partnerId = await partnerIdBySlug(db, QUESTIONS_EVENT.partnerSlug);
  if (!partnerId) throw new Error(`No partner ${QUESTIONS_EVENT.partnerSlug} in the sample content.`);
  const day = 24 * 60 * 60 * 1000;
  const startsAt = new Date(Date.now() + QUESTIONS_EVENT.daysAhead * day);
  startsAt.setUTCHours(8, 0, 0, 0);
  await db.insert(events).values({
    slug: QUESTIONS_EVENT.slug,
    language: "en",
    title: QUESTIONS_EVENT.title,
    description: "A regatta in the harbour, with lunch on the pier.",
    type: "traditional_rowing",
    status: "published",
    publishedAt: new Date(),
    partnerId,
    location: "Copenhagen",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 4 * 60 * 60 * 1000),
    registrationDeadline: new Date(startsAt.getTime() - 7 * day),
    priceMinor: 150_000,
    maxTeams: 6,
    teamSize: 4,
    rowerQuestions: [
      {
        id: "lunch",
        scope: "team",
        kind: "long",
        label: QUESTIONS_EVENT.question,
        labelTranslation: "Er der noget, køkkenet skal vide til holdets frokost?",
        options: [],
        required: true,
      },
      {
        id: "boat",
        scope: "team",
        kind: "short",
        label: QUESTIONS_EVENT.boatQuestion,
        labelTranslation: "Hvad skal jeres båd hedde?",
        options: [],
        required: false,
      },
    ],
  });
}

/** The name and value of a Set-Cookie header, as the browser stores them. */
function cookiePair(header: string): { name: string; value: string } {
  const pair = header.split(";")[0] ?? "";
  const separator = pair.indexOf("=");
  return { name: pair.slice(0, separator), value: pair.slice(separator + 1) };
}
