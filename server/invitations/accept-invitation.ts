import { and, eq } from "drizzle-orm";
import { resetPasswordSchema } from "~/lib/forms/account-schemas";
import { invitationRefused } from "~/lib/invitation-messages";
import type { Auth } from "#server/auth/auth";
import type { Database } from "#server/db/client";
import { accounts, partnerInvitations, partnerMembers, users } from "#server/db/schema";
import { AppError, parseInput } from "#server/errors";
import { hashInvitationToken } from "./tokens";

/**
 * Sets the invited person's password with a single-use, unexpired link: the link is
 * spent, the address counts as verified (the mail reached it), and the password becomes
 * the account's. Returns the email, so the page can sign the person in, and whether the
 * link made them check-in staff, who have no partner area to land in (ADR 038).
 */
export async function acceptInvitation(
  { db, auth }: { db: Database; auth: Auth },
  { input, now = new Date() }: { input: unknown; now?: Date },
): Promise<{ email: string; checkInOnly: boolean }> {
  const { token, password } = parseInput(resetPasswordSchema, input);
  const context = await auth.$context;
  // Hashing is slow on purpose, so it happens before the transaction holds any lock.
  const passwordHash = await context.password.hash(password);
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(partnerInvitations)
      .where(eq(partnerInvitations.tokenHash, hashInvitationToken(token)))
      .for("update");
    if (!invitation || invitation.acceptedAt || invitation.expiresAt <= now) {
      throw new AppError("invalid_transition", invitationRefused(), { reason: "invitation" });
    }
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, invitation.email));
    if (!user) throw new AppError("invalid_transition", invitationRefused(), { reason: "invitation" });
    await tx
      .update(partnerInvitations)
      .set({ acceptedAt: now })
      .where(eq(partnerInvitations.id, invitation.id));
    await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, user.id));
    const [credential] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
    if (credential) {
      await tx
        .update(accounts)
        .set({ password: passwordHash, updatedAt: now })
        .where(eq(accounts.id, credential.id));
    } else {
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        userId: user.id,
        accountId: user.id,
        providerId: "credential",
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      });
    }
    const [membership] = await tx
      .select({ role: partnerMembers.role })
      .from(partnerMembers)
      .where(and(eq(partnerMembers.partnerId, invitation.partnerId), eq(partnerMembers.userId, user.id)));
    return { email: user.email, checkInOnly: membership?.role === "check_in" };
  });
}
