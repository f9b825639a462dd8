import { eq } from "drizzle-orm";
import type { Role } from "~/lib/roles";
import type { Database } from "#server/db/client";
import { partnerMembers, partners, profiles } from "#server/db/schema";
import type { Auth } from "./auth";

export type CredentialAccountInput = {
  email: string;
  /** Needed to create an account; an existing account keeps its password when this is absent. */
  password?: string;
  firstName: string;
  lastName: string;
  company?: string | null;
  role: Role;
  partnerId?: string;
};

/**
 * Creates a verified email-and-password account with a role, or gives an existing one
 * that role. Used by the admin command and the embedded demo; visitors sign up instead.
 */
export async function upsertCredentialAccount(
  auth: Auth,
  db: Database,
  input: CredentialAccountInput,
): Promise<{ userId: string; created: boolean }> {
  const context = await auth.$context;
  const email = input.email.trim().toLowerCase();
  const existing = await context.internalAdapter.findUserByEmail(email);
  let userId: string;
  let created = false;
  if (existing) {
    userId = existing.user.id;
    await context.internalAdapter.updateUser(userId, { emailVerified: true });
    if (input.password)
      await context.internalAdapter.updatePassword(userId, await context.password.hash(input.password));
  } else {
    if (!input.password) throw new Error(`A password is needed to create the account ${email}.`);
    const user = await context.internalAdapter.createUser(
      { email, name: `${input.firstName} ${input.lastName}`, emailVerified: true },
      { method: "email-password" },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await context.password.hash(input.password),
    });
    userId = user.id;
    created = true;
  }
  // The profile exists (created with the user); the role and names are set here.
  await db
    .insert(profiles)
    .values({
      userId,
      firstName: input.firstName,
      lastName: input.lastName,
      company: input.company ?? null,
      role: input.role,
    })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: created
        ? {
            firstName: input.firstName,
            lastName: input.lastName,
            company: input.company ?? null,
            role: input.role,
          }
        : { role: input.role },
    });
  if (input.partnerId) {
    await db.insert(partnerMembers).values({ partnerId: input.partnerId, userId }).onConflictDoNothing();
  }
  return { userId, created };
}

/** The partner a demo or admin-created partner account belongs to, by slug. */
export async function partnerIdBySlug(db: Database, slug: string): Promise<string | undefined> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.slug, slug));
  return row?.id;
}
