import { and, inArray, isNotNull } from "drizzle-orm";
import { textsIn } from "~/lib/content-language";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { localizedPath, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import type { Database } from "#server/db/client";
import type { EventRow, TeamRegistration } from "#server/db/rows";
import { rowerSeats, users } from "#server/db/schema";
import { mailIn, type MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";
import { eventCalendarAttachment } from "#server/registrations/emails";

type Moment = Pick<EventRow, "startsAt" | "endsAt">;

const when = (event: Moment) =>
  `${formatDate(event.startsAt)}, ${formatTimeRange(event.startsAt, event.endsAt)}`;

/** One person to tell about a team's booking, in the language they read it in. */
export type TeamRecipient = {
  to: string;
  locale: Locale;
  /** A rower of the roster, who has no booking page of their own. */
  rower: boolean;
  registration: TeamRegistration;
};

/**
 * Everyone with an address on each booking: its captain and booker in the booking's
 * language, and each rower whose address differs from theirs in the rower's own (the
 * language their seat's link was last opened in). One mail per address per booking.
 */
export async function teamRecipients(
  db: Database,
  registrations: TeamRegistration[],
): Promise<TeamRecipient[]> {
  if (registrations.length === 0) return [];
  const ids = registrations.map((registration) => registration.id);
  const bookers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        registrations.map((registration) => registration.userId),
      ),
    );
  const bookerEmail = new Map(bookers.map((booker) => [booker.id, booker.email]));
  const seats = await db
    .select({
      registrationId: rowerSeats.registrationId,
      email: rowerSeats.email,
      language: rowerSeats.language,
    })
    .from(rowerSeats)
    .where(and(inArray(rowerSeats.registrationId, ids), isNotNull(rowerSeats.email)));
  return registrations.flatMap((registration) => {
    const booker = bookerEmail.get(registration.userId);
    // One mail per address, whatever its case: the captain is often the booker.
    const told = new Set<string>();
    const team = [registration.captainEmail ?? booker, booker].filter((to): to is string => {
      if (!to || told.has(to.toLowerCase())) return false;
      told.add(to.toLowerCase());
      return true;
    });
    const rowers = seats.flatMap((seat) => {
      if (seat.registrationId !== registration.id || !seat.email) return [];
      const key = seat.email.toLowerCase();
      if (told.has(key)) return [];
      told.add(key);
      return [{ to: seat.email, locale: seat.language, rower: true, registration }];
    });
    return [
      ...team.map((to) => ({ to, locale: registration.language, rower: false, registration })),
      ...rowers,
    ];
  });
}

/**
 * The event moved to its backup date for the weather: the new time, the time it replaces,
 * and a calendar file with the same UID and a higher SEQUENCE, so the calendar moves the
 * entry it holds. Bookers and captains hear that cancelling now gives all of it back.
 */
export function movedMail(
  { to, locale, rower, registration }: TeamRecipient,
  before: Moment,
  after: EventRow,
  { organizerName, baseUrl }: { organizerName: string; baseUrl: string },
): MailDraft {
  const shown = textsIn(after, locale);
  return mailIn(locale, () => {
    const facts = { eventTitle: shown.title, teamName: registration.teamName };
    return {
      to,
      subject: m.mail_weather_moved_subject(facts),
      content: {
        reason: why.booking(registration.teamName, shown.title),
        heading: m.mail_weather_moved_heading(facts),
        paragraphs: [
          m.mail_weather_moved_lead({ ...facts, organizer: organizerName }),
          m.mail_weather_moved_calendar(),
          rower ? m.mail_weather_moved_rower_hint() : m.mail_weather_moved_refund_hint(),
        ],
        details: [
          [m.mail_label_when(), when(after)],
          [m.mail_label_before(), when(before)],
          [m.mail_label_where(), shown.location],
        ],
        action: rower
          ? {
              label: m.mail_weather_event_page(),
              url: `${baseUrl}${localizedPath(`/events/${after.slug}`, locale)}`,
            }
          : { label: m.mail_action_my_bookings(), url: `${baseUrl}/dashboard/bookings` },
      },
      attachments: [eventCalendarAttachment(after, organizerName, baseUrl, registration.reference, locale)],
    };
  });
}

/**
 * To a rower of a team whose event is called off: the captain and booker hear through
 * the event's cancellation mail; the rower gets the reason and the file that removes it.
 */
export function rowerCancelledMail(
  { to, locale, registration }: TeamRecipient,
  event: EventRow,
  { organizerName, reason, baseUrl }: { organizerName: string; reason: string; baseUrl: string },
): MailDraft {
  const shown = textsIn(event, locale);
  return mailIn(locale, () => {
    const facts = { eventTitle: shown.title, reference: registration.reference };
    return {
      to,
      subject: m.mail_event_cancelled_subject(facts),
      content: {
        reason: why.booking(registration.teamName, shown.title),
        heading: m.mail_event_cancelled_heading(facts),
        paragraphs: [
          m.mail_weather_cancelled_rower_lead({
            eventTitle: shown.title,
            organizer: organizerName,
            when: when(event),
            teamName: registration.teamName,
          }),
          m.mail_event_cancelled_reason(),
          reason,
        ],
      },
      attachments: [eventCalendarAttachment(event, organizerName, baseUrl, registration.reference, locale)],
    };
  });
}
