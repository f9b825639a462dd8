import { formatDate, formatTimeRange } from "~/lib/dates";
import { formatAddress } from "~/lib/address";
import type { Locale } from "~/lib/i18n/locale";
import { localizedPath } from "~/lib/i18n/locale";
import { textsIn } from "~/lib/content-language";
import { m } from "~/paraglide/messages";
import type { EventRow } from "#server/db/rows";
import { mailIn, type MailDraft } from "#server/email/templates";
import { codeInMail } from "#server/qr/code-in-mail";
import { crewToken, seatToken } from "./seat-token";

/**
 * The mails that carry the links needing no account (ADR 038): a rower's own seat link,
 * in the seat's language, and the captain's crew link, in the booking's. The link is the
 * credential, so it is never in the log line of a mail recorded in the outbox beyond what
 * the outbox shows for every mail's first link (development only, see createMailer).
 */

export type LinkContext = { baseUrl: string; authSecret: string };

/** The event in its stored languages: the mail shows its texts in the recipient's. */
type LinkEvent = EventRow;

export type LinkTeam = { id: string; teamName: string; reference: string };

/** A page of the site in `locale`, as an absolute link. */
const absolute = (baseUrl: string, path: string, locale: Locale) =>
  `${baseUrl}${localizedPath(path, locale)}`;

/** A rower's link: `/rower/<token>`, or `/da/rower/<token>` for a seat in Danish. */
const rowerLink = (
  { baseUrl, authSecret }: LinkContext,
  seat: { id: string; tokenVersion: number; language: Locale },
) => absolute(baseUrl, `/rower/${seatToken(authSecret, seat)}`, seat.language);

/** The captain's crew link, in the booking's language. */
const crewLink = (
  { baseUrl, authSecret }: LinkContext,
  registration: { id: string; captainTokenVersion: number; language: Locale },
) =>
  absolute(
    baseUrl,
    `/crew/${crewToken(authSecret, { id: registration.id, tokenVersion: registration.captainTokenVersion })}`,
    registration.language,
  );

const eventDetails = (event: LinkEvent, team: LinkTeam): [string, string][] =>
  [
    [m.mail_label_event(), event.title],
    [m.mail_label_date(), `${formatDate(event.startsAt)}, ${formatTimeRange(event.startsAt, event.endsAt)}`],
    [m.mail_label_location(), formatAddress(event)],
    [m.mail_label_team(), team.teamName],
    [m.mail_label_booking_reference(), team.reference],
  ].filter((pair): pair is [string, string] => Boolean(pair[1]));

/**
 * The rower's own QR code in a mail to them (ADR 038), the team's code's way
 * (`codeInMail`), or nothing when `code` is null: `seatCodeOf` gives one only while the
 * link opens the seat. Called within `mailIn`, so its words are in the seat's language.
 */
export function mailSeatCode(code: string | null): ReturnType<typeof codeInMail> {
  if (!code) return { content: {}, attachments: [] };
  return codeInMail(code, {
    cid: "seat-code",
    alt: m.mail_seat_code_alt({ code }),
    hint: m.mail_seat_code_hint({ code }),
  });
}

/** A rower's link to their seat, in the seat's language, with their own code (`seatCodeOf`). */
export function seatLinkMail(
  context: LinkContext,
  {
    seat,
    event,
    team,
    code,
  }: {
    seat: { id: string; tokenVersion: number; language: Locale; name: string; email: string };
    event: LinkEvent;
    team: LinkTeam;
    code: string | null;
  },
): MailDraft {
  return mailIn(seat.language, () => {
    const shown = textsIn(event, seat.language);
    const names = { teamName: team.teamName, eventTitle: shown.title };
    const seatCode = mailSeatCode(code);
    return {
      to: seat.email,
      subject: m.mail_seat_link_subject(names),
      content: {
        reason: m.mail_why_seat_link(names),
        heading: m.mail_seat_link_heading(),
        paragraphs: [
          m.mail_seat_link_lead({ ...names, name: seat.name }),
          m.mail_seat_link_ask(),
          m.mail_seat_link_private(),
        ],
        details: eventDetails(shown, team),
        action: { label: m.mail_seat_link_action(), url: rowerLink(context, seat) },
        ...seatCode.content,
      },
      attachments: seatCode.attachments,
    };
  });
}

/** The captain's link to the crew page, in the booking's language. */
export function crewLinkMail(
  context: LinkContext,
  {
    to,
    registration,
    event,
  }: {
    to: string;
    registration: LinkTeam & { captainTokenVersion: number; language: Locale };
    event: LinkEvent;
  },
): MailDraft {
  return mailIn(registration.language, () => {
    const shown = textsIn(event, registration.language);
    const names = { teamName: registration.teamName, eventTitle: shown.title };
    return {
      to,
      subject: m.mail_crew_link_subject(names),
      content: {
        reason: m.mail_why_crew_link(names),
        heading: m.mail_crew_link_heading(),
        paragraphs: [m.mail_crew_link_lead(names), m.mail_crew_link_page()],
        details: eventDetails(shown, registration),
        action: { label: m.mail_crew_link_action(), url: crewLink(context, registration) },
      },
    };
  });
}
