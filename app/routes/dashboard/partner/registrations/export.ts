import { requireArea } from "#server/auth/viewer";
import { csvDateTime, csvStreamResponse, type CsvColumn } from "#server/csv/csv-file";
import { orNotFound } from "#server/http/respond";
import {
  checkFilterEvent,
  readRegistrationFilters,
  registrationPagesForExport,
  type RegistrationExportRow as ExportRow,
} from "#server/registrations/managed-queries";
import { rosterAnswers, type SeatFactsForExport } from "#server/questions/roster-answers";
import type { AnswerSheet } from "#server/questions/answer-sheet";
import { copenhagenInputValue } from "~/lib/dates";
import { answerKeyOf, type ShownQuestion } from "~/lib/questions";
import { seatStateLabel } from "~/lib/words/seats";
import { REGISTRATION_STATUS_LABELS } from "~/lib/registration-status";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/export";

/** A row with the answers of its booking's event, when the file is of one event (ADR 038). */
type AnsweredRow = ExportRow & { sheet?: AnswerSheet; seats?: Map<string, SeatFactsForExport> };
type RosterRow = AnsweredRow & { member: { id?: string; name: string; email?: string } | null };

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

/** A team question's column: its label in the event's language, the team's answer. */
const teamQuestionColumn = (question: ShownQuestion): CsvColumn<AnsweredRow> => ({
  header: question.label.text,
  value: (row) => row.sheet?.texts[answerKeyOf(row.registration.id, null, question.id)],
});

/** The team file's rower question: every named rower's answer, "Anna: Yes; Bo: No". */
const joinedRowerColumn = (question: ShownQuestion): CsvColumn<AnsweredRow> => ({
  header: question.label.text,
  value: (row) =>
    row.registration.roster
      .flatMap((member) => {
        const text = member.id && row.sheet?.texts[answerKeyOf(row.registration.id, member.id, question.id)];
        return text ? [`${member.name}: ${text}`] : [];
      })
      .join("; "),
});

const rowerQuestionColumn = (question: ShownQuestion): CsvColumn<RosterRow> => ({
  header: question.label.text,
  value: (row) =>
    row.member?.id
      ? row.sheet?.texts[answerKeyOf(row.registration.id, row.member.id, question.id)]
      : undefined,
});

/** Each rower's swim answer and declaration state, for the file of one rower a row. */
const seatColumns = (): CsvColumn<RosterRow>[] => {
  const seat = (row: RosterRow) => (row.member?.id ? row.seats?.get(row.member.id) : undefined);
  return [
    {
      header: m.partner_export_swims(),
      value: (row) => {
        const swims = seat(row)?.swims;
        return swims === undefined || swims === null ? "" : swims ? m.questions_yes() : m.questions_no();
      },
    },
    {
      header: m.partner_export_seat_state(),
      value: (row) => {
        const state = seat(row)?.state;
        return state ? seatStateLabel(state) : "";
      },
    },
  ];
};

/**
 * The registrations of the list's current filters (every page) as CSV: one row per team,
 * or with `roster=1` one per named rower, the team's columns repeated. A team that has
 * named nobody still gets one row, so no booking drops out of the file. A file of one
 * event adds a column per question (ADR 038), headed in the event's language: a team
 * question's answer, and a rower question's, on the rower's row or joined per team; the
 * file of rowers adds each one's swim answer and declaration state. A file of several
 * events has none, as each event asks its own questions.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  const { filters } = readRegistrationFilters(url, 1);
  await orNotFound(checkFilterEvent(context.db, actor, filters));
  const pages = registrationPagesForExport(context.db, actor, filters);
  const filename = `registrations-${copenhagenInputValue(new Date()).slice(0, 10)}.csv`;
  const perRower = url.searchParams.get("roster") === "1";
  if (!filters.eventId) {
    if (!perRower) return csvStreamResponse(filename, teamColumns(), pages);
    return csvStreamResponse(filename, rosterColumns(), rowsPerRower(pages));
  }
  const eventId = filters.eventId;
  // The questions as the event asks them now, read once for the header.
  const { sheet: questions } = await rosterAnswers(context.db, { eventId, registrationIds: [] });
  const answered = withAnswers(context.db, eventId, pages);
  if (!perRower) {
    return csvStreamResponse(
      filename,
      [
        ...teamColumns(),
        ...questions.teamQuestions.map(teamQuestionColumn),
        ...questions.rowerQuestions.map(joinedRowerColumn),
      ],
      answered,
    );
  }
  return csvStreamResponse(
    filename,
    [
      ...rosterColumns(),
      ...seatColumns(),
      ...questions.teamQuestions.map(teamQuestionColumn),
      ...questions.rowerQuestions.map(rowerQuestionColumn),
    ],
    rowsPerRower(answered),
  );
}

/** Each page's rows with the answers and seats of its bookings, read a page at a time. */
async function* withAnswers(
  db: Route.LoaderArgs["context"]["db"],
  eventId: string,
  pages: AsyncIterable<ExportRow[]>,
): AsyncGenerator<AnsweredRow[]> {
  for await (const rows of pages) {
    const { sheet, seats } = await rosterAnswers(db, {
      eventId,
      registrationIds: rows.map((row) => row.registration.id),
    });
    yield rows.map((row) => ({ ...row, sheet, seats }));
  }
}

/** One row per named rower, the team's columns repeated; a team that has named nobody once. */
async function* rowsPerRower(pages: AsyncIterable<AnsweredRow[]>): AsyncGenerator<RosterRow[]> {
  for await (const rows of pages) {
    yield rows.flatMap((row): RosterRow[] =>
      row.registration.roster.length > 0
        ? row.registration.roster.map((member) => ({ ...row, member }))
        : [{ ...row, member: null }],
    );
  }
}
