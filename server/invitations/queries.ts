import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { partnerInvitations, partnerMembers, partners, users } from "#server/db/schema";
import { hashInvitationToken } from "./tokens";

type InvitationState = "valid" | "expired" | "used" | "unknown";

/**
 * What an invitation link's page shows: whether it still works, for whom, and whether it
 * makes a member or check-in staff (ADR 038), whose words differ.
 */
export async function findInvitation(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({
      email: partnerInvitations.email,
      expiresAt: partnerInvitations.expiresAt,
      acceptedAt: partnerInvitations.acceptedAt,
      partnerName: partners.name,
      role: partnerMembers.role,
    })
    .from(partnerInvitations)
    .innerJoin(partners, eq(partners.id, partnerInvitations.partnerId))
    // The membership was made with the invitation, for the account of the invited address.
    .leftJoin(users, eq(sql`lower(${users.email})`, sql`lower(${partnerInvitations.email})`))
    .leftJoin(
      partnerMembers,
      and(eq(partnerMembers.partnerId, partnerInvitations.partnerId), eq(partnerMembers.userId, users.id)),
    )
    .where(eq(partnerInvitations.tokenHash, hashInvitationToken(token)));
  if (!row)
    return { state: "unknown" as InvitationState, email: null, partnerName: null, checkInOnly: false };
  const state: InvitationState = row.acceptedAt ? "used" : row.expiresAt <= now ? "expired" : "valid";
  return { state, email: row.email, partnerName: row.partnerName, checkInOnly: row.role === "check_in" };
}
