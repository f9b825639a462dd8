import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { localizeTexts } from "~/lib/content-language";
import type { Locale } from "~/lib/i18n/locale";
import { isUuid } from "~/lib/ids";
import { getLocale } from "~/paraglide/runtime";
import type { Actor } from "#server/auth/actor";
import { checkInEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { eventDeclarations, events } from "#server/db/schema";
import { eventNotFound } from "#server/events/managed-event";
import { seatState, type SeatState } from "#server/seats/seat-state";
import { eventCheckInCounts, type CheckInCounts } from "./check-in-counts";

type SeatDeclaration = "accepted" | "missing" | "outdated" | "not_needed";

export type Attendance = { state: "present" | "absent"; byEmail: string; at: string };

export type RosterSeat = {
  seatId: string;
  /** 1-based, in the roster's order, as the crew list prints it. */
  number: number;
  name: string | null;
  swims: boolean | null;
  declaration: SeatDeclaration;
  state: SeatState;
  addedAtJetty: boolean;
  /** How the declaration the seat holds was given: by the rower's link, or at the jetty. */
  declaredBy: "link" | "staff" | null;
  attendance: Attendance | null;
};

export type RosterTeam = {
  registrationId: string;
  /** As printed in the team's QR code (`RCL-7K3Q9P`, or `RCL-7K3Q9P/3` for seat 3). */
  reference: string;
  teamName: string;
  company: string | null;
  captainName: string;
  /** Only confirmed teams can be checked in; the others are listed so a scan can say why. */
  status: "confirmed" | "held" | "waitlisted" | "cancelled";
  seats: RosterSeat[];
};

/** What the check-in page keeps on the phone for the day (the check-in contract, ADR 038). */
export type RosterSnapshot = {
  event: {
    id: string;
    title: string;
    startsAt: string;
    endsAt: string;
    place: string;
    nonSwimmers: "not_allowed" | "with_rule";
    nonSwimmerRule: string;
    declarationVersion: number | null;
    /** The current declaration in the reader's language where written, for staff to read out. */
    declarationText: string | null;
    declarationLang: Locale | null;
  };
  generatedAt: string;
  teams: RosterTeam[];
  counts: CheckInCounts;
};

/** The event named in a check-in URL, if the actor checks teams in for it; else "not found". */
export async function loadCheckInEvent(db: Database, actor: Actor, eventId: unknown, now: Date) {
  if (!isUuid(eventId)) throw eventNotFound();
  const [event] = await db
    .select({
      id: events.id,
      partnerId: events.partnerId,
      language: events.language,
      title: events.title,
      titleTranslation: events.titleTranslation,
      location: events.location,
      locationTranslation: events.locationTranslation,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      nonSwimmers: events.nonSwimmers,
      nonSwimmerRule: events.nonSwimmerRule,
      nonSwimmerRuleTranslation: events.nonSwimmerRuleTranslation,
    })
    .from(events)
    .where(and(eq(events.id, eventId), checkInEventsScope(actor, now)));
  if (!event) throw eventNotFound();
  return event;
}

export type CheckInEvent = Awaited<ReturnType<typeof loadCheckInEvent>>;

/** The event's current declaration version, or null when it has none (nothing to accept). */
export async function currentDeclaration(db: Database, eventId: string) {
  const [current] = await db
    .select({
      id: eventDeclarations.id,
      version: eventDeclarations.version,
      language: eventDeclarations.language,
      text: eventDeclarations.text,
      textTranslation: eventDeclarations.textTranslation,
    })
    .from(eventDeclarations)
    .where(eq(eventDeclarations.eventId, eventId))
    .orderBy(desc(eventDeclarations.version))
    .limit(1);
  return current ?? null;
}

type SeatRow = {
  registration_id: string;
  reference: string;
  team_name: string;
  company: string;
  captain_name: string | null;
  status: RosterTeam["status"];
  seat_id: string | null;
  number: number | null;
  name: string | null;
  email: string | null;
  confirmed_at: string | Date | null;
  swims: boolean | null;
  pruned_at: string | Date | null;
  added_at_jetty: boolean | null;
  accepted_version: number | null;
  accepted_method: "link" | "staff" | null;
  attendance_state: "present" | "absent" | null;
  attendance_by: string | null;
  attendance_at: string | Date | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function declarationOf(accepted: number | null, current: number | null): SeatDeclaration {
  if (current === null) return "not_needed";
  if (accepted === null) return "missing";
  return accepted < current ? "outdated" : "accepted";
}

/**
 * Every team of the event with its seats in roster order, each seat's swim answer,
 * declaration, state and attendance, and the day's counts: what the check-in page needs to
 * work without a network. Texts in the reader's language. Teams in the crew list's order.
 */
export async function rosterSnapshot(
  db: Database,
  actor: Actor,
  eventId: unknown,
  { now = new Date(), locale = getLocale() }: { now?: Date; locale?: Locale } = {},
): Promise<RosterSnapshot> {
  const event = await loadCheckInEvent(db, actor, eventId, now);
  const [declaration, counts, seatRows] = await Promise.all([
    currentDeclaration(db, event.id),
    eventCheckInCounts(db, event.id),
    db.execute(sql`
      select r.id as registration_id, r.reference, r.team_name, r.company, r.captain_name, r.status,
        s.id as seat_id, e.ord::int as number, s.name, s.email, s.confirmed_at, s.swims, s.pruned_at,
        s.added_at_jetty, d.version as accepted_version, da.method as accepted_method,
        a.state as attendance_state, a.by_email as attendance_by, a.at as attendance_at
      from team_registrations r
      left join lateral jsonb_array_elements(r.roster) with ordinality as e(value, ord) on true
      left join rower_seats s on s.registration_id = r.id and s.id::text = e.value ->> 'id'
      left join declaration_acceptances da on da.seat_id = s.id
      left join event_declarations d on d.id = da.declaration_id
      left join seat_attendance a on a.seat_id = s.id
      where r.event_id = ${event.id}
      order by r.created_at, r.id, e.ord`),
  ]);
  const current = declaration?.version ?? null;
  const teams = new Map<string, RosterTeam>();
  for (const row of (seatRows as unknown as { rows: SeatRow[] }).rows) {
    let team = teams.get(row.registration_id);
    if (!team) {
      team = {
        registrationId: row.registration_id,
        reference: row.reference,
        teamName: row.team_name,
        company: row.company || null,
        captainName: row.captain_name ?? "",
        status: row.status,
        seats: [],
      };
      teams.set(row.registration_id, team);
    }
    if (row.seat_id === null || row.number === null) continue;
    const facts = {
      email: row.email,
      confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at),
      swims: row.swims,
      prunedAt: row.pruned_at === null ? null : new Date(row.pruned_at),
    };
    team.seats.push({
      seatId: row.seat_id,
      number: row.number,
      name: row.name || null,
      swims: row.swims,
      declaration: declarationOf(row.accepted_version, current),
      state: seatState(facts, row.accepted_version, current).state,
      addedAtJetty: row.added_at_jetty ?? false,
      declaredBy: row.accepted_method,
      attendance:
        row.attendance_state && row.attendance_by && row.attendance_at
          ? { state: row.attendance_state, byEmail: row.attendance_by, at: iso(row.attendance_at) }
          : null,
    });
  }
  const shown = localizeTexts(
    {
      language: event.language,
      title: event.title,
      titleTranslation: event.titleTranslation,
      location: event.location,
      locationTranslation: event.locationTranslation,
      nonSwimmerRule: event.nonSwimmerRule,
      nonSwimmerRuleTranslation: event.nonSwimmerRuleTranslation,
    },
    locale,
  );
  return {
    event: {
      id: event.id,
      title: shown.title,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      place: shown.location,
      nonSwimmers: event.nonSwimmers,
      nonSwimmerRule: shown.nonSwimmerRule,
      declarationVersion: current,
      ...declarationShown(declaration, locale),
    },
    generatedAt: now.toISOString(),
    teams: [...teams.values()],
    counts,
  };
}

function declarationShown(
  declaration: Awaited<ReturnType<typeof currentDeclaration>>,
  locale: Locale,
): { declarationText: string | null; declarationLang: Locale | null } {
  if (!declaration) return { declarationText: null, declarationLang: null };
  const shown = localizeTexts(
    { language: declaration.language, text: declaration.text, textTranslation: declaration.textTranslation },
    locale,
  );
  return { declarationText: shown.text, declarationLang: shown.shownIn.text ?? locale };
}

/**
 * A strong validator of the snapshot's content: the same roster gives the same tag
 * whenever it was made, so a phone asking every five minutes gets a 304 until something
 * changed.
 */
export function snapshotEtag(snapshot: RosterSnapshot): string {
  const { generatedAt: _made, ...content } = snapshot;
  return `"${createHash("sha256").update(JSON.stringify(content)).digest("base64url").slice(0, 32)}"`;
}
