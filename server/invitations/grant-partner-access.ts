import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { accounts, partnerInvitations, partnerMembers, profiles, users } from "#server/db/schema";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { addressLocale } from "#server/email/recipients";
import { getLocale, type Locale } from "~/paraglide/runtime";
import { INVITATION_LIFETIME_MS, invitationUrl, newInvitationToken } from "./tokens";
import { partnerAccessGrantedMail, partnerInvitationMail } from "./emails";

export type PartnerAccessDeps = { jobs: MailQueue; baseUrl: string };

export type InvitedPerson = { email: string; firstName: string; lastName: string };

export type MemberRole = (typeof partnerMembers.$inferInsert)["role"] & string;

/**
 * Makes `person` a member of the partner, inside the caller's transaction: the account of
 * that email is created (without a password) or reused, and the membership is added.
 * A full member ('member') makes a plain user a partner, and turns check-in staff into a
 * full member; check-in staff ('check_in', ADR 038) keep their own role and never demote a
 * full member, whose membership stays as it is. Someone without a password yet gets an
 * invitation link to set one; someone who has one is told to sign in. Granting twice adds
 * nothing twice, but mails a fresh link, and the older unused links stop working.
 */
export async function grantPartnerAccess(
  tx: Database,
  deps: PartnerAccessDeps,
  {
    actor,
    partner,
    person,
    now,
    language = getLocale(),
    role = "member",
  }: {
    actor: Actor;
    partner: { id: string; name: string };
    person: InvitedPerson;
    now: Date;
    /** The language of a mail to someone without an account yet (an applicant's application's); the page's by default. */
    language?: Locale;
    role?: MemberRole;
  },
): Promise<{ userId: string; invited: boolean }> {
  const email = person.email.trim().toLowerCase();
  const userId = await findOrCreateUser(tx, { ...person, email }, now, language, role);
  if (role === "member") {
    // Admins keep their role; they see every partner anyway.
    await tx
      .update(profiles)
      .set({ role: "partner", updatedAt: now })
      .where(and(eq(profiles.userId, userId), eq(profiles.role, "user")));
    await tx
      .insert(partnerMembers)
      .values({ partnerId: partner.id, userId, role })
      .onConflictDoUpdate({ target: [partnerMembers.partnerId, partnerMembers.userId], set: { role } });
  } else {
    await tx.insert(partnerMembers).values({ partnerId: partner.id, userId, role }).onConflictDoNothing();
  }

  const [credential] = await tx
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)),
    );
  const invited = !credential;
  if (invited) {
    await issueInvitation(tx, deps, { partner, email, invitedBy: actor.userId, now, language, role });
  } else {
    const locale = await addressLocale(tx, email, language);
    await enqueueEmail(
      deps.jobs,
      tx,
      partnerAccessGrantedMail(role, email, partner.name, deps.baseUrl, locale),
    );
  }
  await recordAudit(tx, actor, {
    action: role === "member" ? "partner.add_member" : "partner.staff_invite",
    entityId: partner.id,
    summary: invited ? `${email} invited` : `${email} added`,
  });
  return { userId, invited };
}

/**
 * A new single-use link for `email` to set a password and join the partner. Older unused
 * links of the same person and partner stop working, so only the newest mail counts.
 */
export async function issueInvitation(
  tx: Database,
  deps: PartnerAccessDeps,
  {
    partner,
    email,
    invitedBy,
    now,
    language = getLocale(),
    role = "member",
  }: {
    partner: { id: string; name: string };
    email: string;
    invitedBy: string | null;
    now: Date;
    /** Whom the link makes the person: a full member, or check-in staff, whose mail says so. */
    role?: MemberRole;
    /**
     * The invitation mail's language: the page's that sends it by default (the inviter's,
     * or the invitee's asking for a new link), since the invitee may have no account yet.
     */
    language?: Locale;
  },
): Promise<void> {
  await tx
    .update(partnerInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(partnerInvitations.partnerId, partner.id),
        eq(sql`lower(${partnerInvitations.email})`, email.toLowerCase()),
        isNull(partnerInvitations.acceptedAt),
      ),
    );
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  await tx
    .insert(partnerInvitations)
    .values({ partnerId: partner.id, email, tokenHash, invitedBy, expiresAt, language });
  await enqueueEmail(
    deps.jobs,
    tx,
    partnerInvitationMail(role, email, partner.name, invitationUrl(deps.baseUrl, token), language),
  );
}

/** A new person's dashboards start in the language of the invitation they get (ADR 033). */
async function findOrCreateUser(
  tx: Database,
  person: InvitedPerson,
  now: Date,
  language: Locale,
  role: MemberRole,
): Promise<string> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, person.email));
  if (existing) return existing.id;
  // The same shape of id better-auth gives the accounts it creates.
  const id = randomBytes(24).toString("base64url");
  await tx.insert(users).values({
    id,
    name: `${person.firstName} ${person.lastName}`.trim(),
    email: person.email,
    emailVerified: false,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(profiles).values({
    userId: id,
    firstName: person.firstName,
    lastName: person.lastName,
    // Check-in staff need no partner area: their membership alone lets them in on the day.
    role: role === "member" ? "partner" : "user",
    language,
  });
  return id;
}
