import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { partnerInvitations, partners } from "#server/db/schema";
import { hashInvitationToken } from "./tokens";

type InvitationState = "valid" | "expired" | "used" | "unknown";

/** What an invitation link's page shows: whether it still works, and for whom. */
export async function findInvitation(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({
      email: partnerInvitations.email,
      expiresAt: partnerInvitations.expiresAt,
      acceptedAt: partnerInvitations.acceptedAt,
      partnerName: partners.name,
    })
    .from(partnerInvitations)
    .innerJoin(partners, eq(partners.id, partnerInvitations.partnerId))
    .where(eq(partnerInvitations.tokenHash, hashInvitationToken(token)));
  if (!row) return { state: "unknown" as InvitationState, email: null, partnerName: null };
  const state: InvitationState = row.acceptedAt ? "used" : row.expiresAt <= now ? "expired" : "valid";
  return { state, email: row.email, partnerName: row.partnerName };
}
