import { requireArea } from "#server/auth/viewer";
import { csvDateTime, csvResponse, toCsv, type CsvColumn } from "#server/csv/csv-file";
import { orNotFound } from "#server/http/respond";
import {
  checkFilterEvent,
  listRegistrationsForExport,
  readRegistrationFilters,
} from "#server/registrations/managed-queries";
import { copenhagenInputValue } from "~/lib/dates";
import { REGISTRATION_STATUS_LABELS } from "~/lib/registration-status";
import type { Route } from "./+types/export";

type ExportRow = Awaited<ReturnType<typeof listRegistrationsForExport>>[number];
type RosterRow = ExportRow & { member: { name: string; email?: string } | null };

const TEAM_COLUMNS: CsvColumn<ExportRow>[] = [
  { header: "Reference", value: (row) => row.registration.reference },
  { header: "Event", value: (row) => row.eventTitle },
  { header: "Event date", value: (row) => csvDateTime(row.eventStartsAt) },
  { header: "Status", value: (row) => REGISTRATION_STATUS_LABELS[row.registration.status] },
  { header: "Team", value: (row) => row.registration.teamName },
  { header: "Company", value: (row) => row.registration.company },
  { header: "Captain name", value: (row) => row.registration.captainName },
  { header: "Captain email", value: (row) => row.registration.captainEmail },
  { header: "Captain phone", value: (row) => row.registration.captainPhone },
  { header: "Roster named", value: (row) => `${row.registration.roster.length} of ${row.teamSize}` },
  { header: "Booked at", value: (row) => csvDateTime(row.registration.createdAt) },
  { header: "Billing company", value: (row) => row.registration.billingCompany },
  { header: "CVR", value: (row) => row.registration.cvr },
  { header: "EAN", value: (row) => row.registration.ean },
  { header: "PO reference", value: (row) => row.registration.poReference },
  { header: "Billing email", value: (row) => row.registration.billingEmail },
  { header: "Notes", value: (row) => row.registration.notes },
];

const ROSTER_COLUMNS: CsvColumn<RosterRow>[] = [
  ...TEAM_COLUMNS,
  { header: "Member name", value: (row) => row.member?.name },
  { header: "Member email", value: (row) => row.member?.email },
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
  const rows = await listRegistrationsForExport(context.db, actor, filters);
  const csv =
    url.searchParams.get("roster") === "1"
      ? toCsv(
          ROSTER_COLUMNS,
          rows.flatMap((row): RosterRow[] =>
            row.registration.roster.length > 0
              ? row.registration.roster.map((member) => ({ ...row, member }))
              : [{ ...row, member: null }],
          ),
        )
      : toCsv(TEAM_COLUMNS, rows);
  const today = copenhagenInputValue(new Date()).slice(0, 10);
  return csvResponse(`registrations-${today}.csv`, csv);
}
