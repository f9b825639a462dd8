import type { ReactNode } from "react";
import { Link } from "react-router";
import { DateTime } from "~/components/dashboard/record-page";
import { editEventPath } from "~/lib/paths";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { eventRegistrationsPath } from "./partner-paths";

type Row = [string, ReactNode];

/** A registration as the organiser's page shows it, section by section. */
type Registration = {
  teamName: string;
  company: string;
  createdAt: Date;
  cancelledAt: Date | null;
  captainName: string | null;
  captainEmail: string | null;
  captainPhone: string | null;
  billingCompany: string | null;
  cvr: string | null;
  ean: string | null;
  poReference: string | null;
  billingEmail: string | null;
  roster: { name: string; email?: string | null }[];
  notes: string | null;
};

type RegisteredEvent = {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  location: string;
  teamSize: number;
  maxTeams: number;
  confirmedTeams: number;
};

const linkClass = "text-water-700 underline";

function Section({ id, heading, children }: { id: string; heading: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-lg font-semibold text-navy-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** Terms and their values; a value not given says so. */
function Details({ rows }: { rows: Row[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-medium text-slate-600">{term}</dt>
          <dd className="text-sm break-words text-slate-900">
            {value ?? <span className="text-slate-500">Not given</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function RegistrationEventSection({ event }: { event: RegisteredEvent }) {
  return (
    <Section id="registration-event" heading="Event">
      <Details
        rows={[
          [
            "Event",
            <Link key="event" to={editEventPath(event.id)} className={linkClass}>
              {event.title}
            </Link>,
          ],
          [
            "When",
            <time key="when" dateTime={event.startsAt.toISOString()}>
              {formatDate(event.startsAt)}, {formatTimeRange(event.startsAt, event.endsAt)}
            </time>,
          ],
          ["Where", event.location || null],
          ["Teams confirmed", `${event.confirmedTeams} of ${event.maxTeams}`],
          [
            "All its registrations",
            <Link key="list" to={eventRegistrationsPath(event.id)} className={linkClass}>
              Registrations for {event.title}
            </Link>,
          ],
        ]}
      />
    </Section>
  );
}

export function RegistrationTeamSection({
  registration,
  booker,
}: {
  registration: Registration;
  booker: { name: string; email: string } | null;
}) {
  const { captainEmail, captainPhone, cancelledAt, notes } = registration;
  const cancelled: Row[] = cancelledAt
    ? [["Cancelled", <DateTime key="cancelled" value={cancelledAt} />]]
    : [];
  return (
    <Section id="registration-team" heading="Team">
      <Details
        rows={[
          ["Team", registration.teamName],
          ["Company", registration.company],
          ["Booked", <DateTime key="booked" value={registration.createdAt} />],
          ...cancelled,
          ["Booked by", booker ? `${booker.name} <${booker.email}>` : null],
          ["Captain", registration.captainName],
          [
            "Captain's email",
            captainEmail ? (
              <a key="email" href={`mailto:${captainEmail}`} className={linkClass}>
                {captainEmail}
              </a>
            ) : null,
          ],
          [
            "Captain's phone",
            captainPhone ? (
              <a key="phone" href={`tel:${captainPhone}`} className={linkClass}>
                {captainPhone}
              </a>
            ) : null,
          ],
          ["Notes", notes ? <span className="whitespace-pre-line">{notes}</span> : null],
        ]}
      />
    </Section>
  );
}

export function RegistrationBillingSection({ registration }: { registration: Registration }) {
  return (
    <Section id="registration-billing" heading="Billing">
      <Details
        rows={[
          ["Billing company", registration.billingCompany],
          ["CVR number", registration.cvr],
          ["EAN number", registration.ean],
          ["PO reference", registration.poReference],
          ["Billing email", registration.billingEmail],
        ]}
      />
    </Section>
  );
}

export function RegistrationRosterSection({
  roster,
  teamSize,
}: {
  roster: Registration["roster"];
  teamSize: number;
}) {
  return (
    <Section
      id="registration-roster"
      heading={
        <>
          Roster{" "}
          <span className="text-base font-normal text-slate-600">
            ({roster.length} of {teamSize} named)
          </span>
        </>
      }
    >
      {roster.length === 0 ? (
        <p className="text-sm text-slate-600">The captain has not named any team members yet.</p>
      ) : (
        <ol className="list-decimal space-y-1 pl-6 text-sm text-slate-900">
          {roster.map((member, index) => (
            <li key={`${index}-${member.name}`}>
              {member.name}
              {member.email && <span className="text-slate-600"> ({member.email})</span>}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
