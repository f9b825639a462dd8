import type { ReactNode } from "react";
import type { TeamFormValues } from "~/components/registrations/team-form";
import { m } from "~/paraglide/messages";

/** The stored details, read-only, once the booking can no longer be edited. */
export function BookingSummary({ values }: { values: TeamFormValues }) {
  const roster = values.roster.filter((member) => Boolean(member.name));
  const rows: [string, ReactNode][] = [
    [m.registration_form_team_name(), values.teamName],
    [m.registration_field_company(), values.company],
    [
      m.registration_field_captain(),
      [values.captainName, values.captainEmail, values.captainPhone].filter(Boolean).join(", "),
    ],
    [
      m.bookings_fact_roster(),
      roster.length === 0 ? (
        m.bookings_no_members()
      ) : (
        <ol className="list-decimal space-y-1 pl-5">
          {roster.map((member, index) => (
            <li key={index} className="break-words">
              {member.name}
              {member.email && <span className="text-slate-500"> ({member.email})</span>}
            </li>
          ))}
        </ol>
      ),
    ],
    [m.registration_field_notes(), values.notes],
  ];
  return (
    <dl className="mt-4 space-y-3 text-sm">
      {rows
        .filter(([, value]) => Boolean(value))
        .map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="mt-0.5 font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
