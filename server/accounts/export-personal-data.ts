import { asc, eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import {
  events,
  partnerMembers,
  partners,
  profiles,
  sessions,
  teamRegistrations,
  users,
  type RosterMember,
} from "#server/db/schema";
import type { Role } from "~/lib/roles";

/**
 * A person's copy of their data (GDPR art. 15 and 20). Every field is copied by name,
 * so password hashes, session tokens and anything added to these tables later stay out
 * until someone decides they belong here.
 */
export type PersonalDataExport = {
  exportedAt: string;
  account: { id: string; email: string; emailVerified: boolean; createdAt: string };
  profile: { firstName: string; lastName: string; company: string | null; role: Role } | null;
  partnerMemberships: { partner: string; since: string }[];
  teamRegistrations: {
    id: string;
    event: { title: string; startsAt: string };
    teamName: string;
    company: string;
    billing: {
      company: string | null;
      cvr: string | null;
      ean: string | null;
      poReference: string | null;
      email: string | null;
    };
    captain: { name: string | null; email: string | null; phone: string | null };
    roster: RosterMember[];
    notes: string | null;
    status: string;
    createdAt: string;
    cancelledAt: string | null;
  }[];
  sessions: { createdAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null }[];
};

/** Everything stored about the actor, and only them; null when the account is gone. */
export async function exportPersonalData(
  db: Database,
  actor: Actor,
  now = new Date(),
): Promise<PersonalDataExport | null> {
  const { userId } = actor;
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;

  const [[profile], memberships, registrations, sessionRows] = await Promise.all([
    db
      .select({
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        company: profiles.company,
        role: profiles.role,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
    db
      .select({ partner: partners.name, since: partnerMembers.createdAt })
      .from(partnerMembers)
      .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
      .where(eq(partnerMembers.userId, userId))
      .orderBy(asc(partners.name)),
    db
      .select({ registration: teamRegistrations, eventTitle: events.title, eventStartsAt: events.startsAt })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(eq(teamRegistrations.userId, userId))
      .orderBy(asc(teamRegistrations.createdAt)),
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
  ]);

  return {
    exportedAt: now.toISOString(),
    account: { ...account, createdAt: account.createdAt.toISOString() },
    profile: profile ?? null,
    partnerMemberships: memberships.map((row) => ({ partner: row.partner, since: row.since.toISOString() })),
    teamRegistrations: registrations.map(({ registration: r, eventTitle, eventStartsAt }) => ({
      id: r.id,
      event: { title: eventTitle, startsAt: eventStartsAt.toISOString() },
      teamName: r.teamName,
      company: r.company,
      billing: {
        company: r.billingCompany,
        cvr: r.cvr,
        ean: r.ean,
        poReference: r.poReference,
        email: r.billingEmail,
      },
      captain: { name: r.captainName, email: r.captainEmail, phone: r.captainPhone },
      roster: r.roster,
      notes: r.notes,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
    })),
    sessions: sessionRows.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    })),
  };
}
