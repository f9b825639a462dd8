import { requireArea } from "#server/auth/viewer";
import { csvDateTime, csvStreamResponse, type CsvColumn } from "#server/csv/csv-file";
import { orNotFound } from "#server/http/respond";
import {
  checkFilterEvent,
  readRegistrationFilters,
  registrationPagesForExport,
  type RegistrationExportRow as ExportRow,
} from "#server/registrations/managed-queries";
import { copenhagenInputValue } from "~/lib/dates";
import { REGISTRATION_STATUS_LABELS } from "~/lib/registration-status";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/export";

type RosterRow = ExportRow & { member: { name: string; email?: string } | null };

/** A label of a shared table, whether it is kept as text or as its message. */
const textOf = (label: string | (() => string)) => (typeof label === "function" ? label() : label);

/** The file's columns, headed in the language of the person downloading it. */
const teamColumns = (): CsvColumn<ExportRow>[] => [
  { header: m.partner_export_reference(), value: (row) => row.registration.reference },
  { header: m.partner_export_event(), value: (row) => row.eventTitle },
  { header: m.partner_export_event_date(), value: (row) => csvDateTime(row.eventStartsAt) },
  {
    header: m.partner_export_status(),
    value: (row) => textOf(REGISTRATION_STATUS_LABELS[row.registration.status]),
  },
  { header: m.partner_export_team(), value: (row) => row.registration.teamName },
  { header: m.partner_export_company(), value: (row) => row.registration.company },
  { header: m.partner_export_captain_name(), value: (row) => row.registration.captainName },
  { header: m.partner_export_captain_email(), value: (row) => row.registration.captainEmail },
  { header: m.partner_export_captain_phone(), value: (row) => row.registration.captainPhone },
  {
    header: m.partner_export_roster_named(),
    value: (row) =>
      m.partner_export_roster_count({ count: row.registration.roster.length, size: row.teamSize }),
  },
  { header: m.partner_export_booked_at(), value: (row) => csvDateTime(row.registration.createdAt) },
  { header: m.partner_export_billing_company(), value: (row) => row.registration.billingCompany },
  { header: m.partner_export_cvr(), value: (row) => row.registration.cvr },
  { header: m.partner_export_ean(), value: (row) => row.registration.ean },
  { header: m.partner_export_po_reference(), value: (row) => row.registration.poReference },
  { header: m.partner_export_billing_email(), value: (row) => row.registration.billingEmail },
  { header: m.partner_export_notes(), value: (row) => row.registration.notes },
];

const rosterColumns = (): CsvColumn<RosterRow>[] => [
  ...teamColumns(),
  { header: m.partner_export_member_name(), value: (row) => row.member?.name },
  { header: m.partner_export_member_email(), value: (row) => row.member?.email },
];

/**
 * The registrations of the list's current filters (every page) as CSV: one row per team,
 * or with `roster=1` one per named rower, the team's columns repeated. A team that has
 * named nobody still gets one row, so no booking drops out of the file.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const { filters } = readRegistrationFilters(url, 1);
  await orNotFound(checkFilterEvent(context.db, actor, filters));
  const pages = registrationPagesForExport(context.db, actor, filters);
  const filename = `registrations-${copenhagenInputValue(new Date()).slice(0, 10)}.csv`;
  if (url.searchParams.get("roster") !== "1") return csvStreamResponse(filename, teamColumns(), pages);
  return csvStreamResponse(filename, rosterColumns(), rowsPerRower(pages));
}

/** One row per named rower, the team's columns repeated; a team that has named nobody once. */
async function* rowsPerRower(pages: AsyncIterable<ExportRow[]>): AsyncGenerator<RosterRow[]> {
  for await (const rows of pages) {
    yield rows.flatMap((row): RosterRow[] =>
      row.registration.roster.length > 0
        ? row.registration.roster.map((member) => ({ ...row, member }))
        : [{ ...row, member: null }],
    );
  }
}
