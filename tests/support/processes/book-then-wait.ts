/**
 * Run by tests/integration/crash-recovery.test.ts as a separate process: books one team
 * through the real command on the database named by DATA_DIR or DATABASE_URL, prints
 * "committed <reference>" once the booking's transaction has committed, and then waits,
 * without workers, to be killed.
 */
import { eq } from "drizzle-orm";
import { openDatabaseFromEnv } from "#server/db/open-from-env";
import { events, users } from "#server/db/schema";
import { loadEnv } from "#server/env";
import { registerTeam } from "#server/registrations/register-team";
import { createJobQueue } from "#server/jobs/job-queue";
import { invoiceAddress, VALID_CVR } from "../booking-form";

const env = loadEnv();
const database = await openDatabaseFromEnv(env);
const services = { db: database.db, jobs: createJobQueue(database), baseUrl: env.baseUrl };
const [event] = await database.db.select().from(events).where(eq(events.slug, "riverside-team-racing"));
const [user] = await database.db
  .insert(users)
  .values({
    id: "crash-booker",
    name: "Crash Booker",
    email: "crash.booker@fjord.example",
    emailVerified: true,
  })
  .returning();
const { registration } = await registerTeam(services, {
  actor: { userId: user!.id, role: "user", partnerIds: [] },
  eventId: event!.id,
  idempotencyKey: "crash-recovery-0001",
  joinWaitlist: true,
  input: {
    teamName: "Crash Crew",
    company: "Fjord Logistics",
    billingCompany: "Fjord Logistics ApS",
    cvr: VALID_CVR,
    billingEmail: "invoices@fjord.example",
    ...invoiceAddress,
    captainName: "Crash Booker",
    captainEmail: "crash.booker@fjord.example",
    captainPhone: "+45 11 22 33 44",
    acceptTerms: "on",
  },
});
console.log(`committed ${registration.reference}`);
setInterval(() => undefined, 60_000);
