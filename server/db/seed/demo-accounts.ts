import type { Auth } from "#server/auth/auth";
import { partnerIdBySlug, upsertCredentialAccount } from "#server/auth/credential-account";
import type { Database } from "../client";

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
 * this when it has just loaded the sample content into a new embedded database and
 * NODE_ENV is not production, never for PostgreSQL.
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
