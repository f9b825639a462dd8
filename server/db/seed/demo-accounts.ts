import { inArray } from "drizzle-orm";
import type { Auth } from "#server/auth/auth";
import { partnerIdBySlug, upsertCredentialAccount } from "#server/auth/credential-account";
import type { Database } from "../client";
import { users } from "../schema";

/** Shared by the three demo accounts; printed in the README for people trying the site. */
export const DEMO_PASSWORD = "rowing-demo-2026";

export const DEMO_ACCOUNTS = [
  { email: "admin@demo.rcl.dk", firstName: "Astrid", lastName: "Admin", role: "admin" },
  {
    email: "partner@demo.rcl.dk",
    firstName: "Paul",
    lastName: "Partner",
    role: "partner",
    company: "Frankfurter RG Germania",
    partnerSlug: "frankfurter-rg-germania",
  },
  {
    email: "user@demo.rcl.dk",
    firstName: "Ulla",
    lastName: "User",
    role: "user",
    company: "Nordhavn Analytics",
  },
] as const;

/**
 * Three verified accounts, one per role, for the embedded demo only: the host calls
 * this when it has just loaded the sample content into a new embedded database, unless
 * NODE_ENV=production was set, and never for PostgreSQL (see README, "Demo accounts").
 */
export async function seedDemoAccounts(auth: Auth, db: Database): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    await upsertCredentialAccount(auth, db, {
      email: account.email,
      password: DEMO_PASSWORD,
      firstName: account.firstName,
      lastName: account.lastName,
      company: "company" in account ? account.company : null,
      role: account.role,
      partnerId: "partnerSlug" in account ? await partnerIdBySlug(db, account.partnerSlug) : undefined,
    });
  }
}

/** The demo accounts this database has, in the order above, so every start can name them. */
export async function findDemoAccounts(db: Database): Promise<string[]> {
  const emails: string[] = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  const present = new Set(rows.map((row) => row.email));
  return emails.filter((email) => present.has(email));
}
