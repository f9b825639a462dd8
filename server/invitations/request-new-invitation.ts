import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { forgotPasswordSchema } from "~/lib/forms/account-schemas";
import type { Database } from "#server/db/client";
import { accounts, partnerInvitations, partnerMembers, partners, users } from "#server/db/schema";
import { enqueueEmail } from "#server/email/enqueue-email";
import { addressLocale } from "#server/email/recipients";
import { getLocale } from "~/paraglide/runtime";
import { parseInput } from "#server/errors";
import { enforceRateLimits } from "#server/security/rate-limits";
import { issueInvitation, type PartnerAccessDeps } from "./grant-partner-access";
import { passwordAlreadySetMail } from "./emails";

/**
 * Someone whose invitation link expired or was spent asks for another. An address that
 * was invited and has no password yet gets a new link; one that has a password is
 * reminded to sign in or reset it. The answer is the same for every address, so the
 * page tells nobody who has been invited.
 */
export async function requestNewInvitation(
  deps: PartnerAccessDeps & { db: Database },
  { input, clientIp, now = new Date() }: { input: unknown; clientIp: string; now?: Date },
): Promise<void> {
  const { email } = parseInput(forgotPasswordSchema, input);
  await enforceRateLimits(deps.db, [["invitationRequestPerAddress", clientIp]], now);
  const address = email.toLowerCase();
  await deps.db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ partnerId: partners.id, partnerName: partners.name, invitedBy: partnerInvitations.invitedBy })
      .from(partnerInvitations)
      .innerJoin(partners, eq(partners.id, partnerInvitations.partnerId))
      .where(eq(sql`lower(${partnerInvitations.email})`, address))
      .orderBy(desc(partnerInvitations.createdAt))
      .limit(1);
    if (!latest) return;
    const [withPassword] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
      .where(and(eq(sql`lower(${users.email})`, address), isNotNull(accounts.password)));
    if (!withPassword) {
      // Check-in staff get their own wording again (ADR 038).
      const [membership] = await tx
        .select({ role: partnerMembers.role })
        .from(partnerMembers)
        .innerJoin(users, eq(users.id, partnerMembers.userId))
        .where(and(eq(partnerMembers.partnerId, latest.partnerId), eq(sql`lower(${users.email})`, address)));
      await issueInvitation(tx, deps, {
        partner: { id: latest.partnerId, name: latest.partnerName },
        email: address,
        invitedBy: latest.invitedBy,
        now,
        role: membership?.role ?? "member",
      });
      return;
    }
    const locale = await addressLocale(tx, address, getLocale());
    await enqueueEmail(
      deps.jobs,
      tx,
      passwordAlreadySetMail(address, latest.partnerName, deps.baseUrl, locale),
    );
  });
}
