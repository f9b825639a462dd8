import type { ReactNode } from "react";
import { Link } from "react-router";
import { DateTime } from "~/components/dashboard/record-page";
import { editEventPath } from "~/lib/paths";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { m } from "~/paraglide/messages";
import { formatPostalAddress } from "~/lib/address";
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
  billingAddressLine: string;
  billingPostalCode: string;
  billingCity: string;
  personReference: string | null;
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
            {value ?? <span className="text-slate-500">{m.registration_not_given()}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function RegistrationEventSection({ event }: { event: RegisteredEvent }) {
  return (
    <Section id="registration-event" heading={m.registration_section_event()}>
      <Details
        rows={[
          [
            m.registration_field_event(),
            <Link key="event" to={editEventPath(event.id)} className={linkClass}>
              {event.title}
            </Link>,
          ],
          [
            m.registration_field_when(),
            <time key="when" dateTime={event.startsAt.toISOString()}>
              {formatDate(event.startsAt)}, {formatTimeRange(event.startsAt, event.endsAt)}
            </time>,
          ],
          [m.registration_field_where(), event.location || null],
          [
            m.registration_field_teams_confirmed(),
            m.registration_teams_confirmed_of({ confirmed: event.confirmedTeams, max: event.maxTeams }),
          ],
          [
            m.registration_field_all_registrations(),
            <Link key="list" to={eventRegistrationsPath(event.id)} className={linkClass}>
              {m.registration_registrations_for({ title: event.title })}
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
    ? [[m.registration_field_cancelled(), <DateTime key="cancelled" value={cancelledAt} />]]
    : [];
  return (
    <Section id="registration-team" heading={m.registration_section_team()}>
      <Details
        rows={[
          [m.registration_field_team(), registration.teamName],
          [m.registration_field_company(), registration.company],
          [m.registration_field_booked(), <DateTime key="booked" value={registration.createdAt} />],
          ...cancelled,
          [m.registration_field_booked_by(), booker ? `${booker.name} <${booker.email}>` : null],
          [m.registration_field_captain(), registration.captainName],
          [
            m.registration_form_captain_email(),
            captainEmail ? (
              <a key="email" href={`mailto:${captainEmail}`} className={linkClass}>
                {captainEmail}
              </a>
            ) : null,
          ],
          [
            m.registration_form_captain_phone(),
            captainPhone ? (
              <a key="phone" href={`tel:${captainPhone}`} className={linkClass}>
                {captainPhone}
              </a>
            ) : null,
          ],
          [m.registration_field_notes(), notes ? <span className="whitespace-pre-line">{notes}</span> : null],
        ]}
      />
    </Section>
  );
}

export function RegistrationBillingSection({ registration }: { registration: Registration }) {
  return (
    <Section id="registration-billing" heading={m.registration_section_billing()}>
      <Details
        rows={[
          [m.registration_field_billing_company(), registration.billingCompany],
          [
            m.registration_field_billing_address(),
            formatPostalAddress(
              registration.billingAddressLine,
              registration.billingPostalCode,
              registration.billingCity,
            ) || null,
          ],
          [m.registration_field_cvr(), registration.cvr],
          [m.registration_field_ean(), registration.ean],
          [m.registration_field_po(), registration.poReference],
          [m.registration_field_person_reference(), registration.personReference],
          [m.registration_field_billing_email(), registration.billingEmail],
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
          {m.registration_section_roster()}{" "}
          <span className="text-base font-normal text-slate-600">
            {m.registration_roster_count({ named: roster.length, size: teamSize })}
          </span>
        </>
      }
    >
      {roster.length === 0 ? (
        <p className="text-sm text-slate-600">{m.registration_roster_empty()}</p>
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
