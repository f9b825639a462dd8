import { href, Link } from "react-router";
import type { ReviewKind } from "#server/auth/event-actions";
import { FactList, RecordSection, type Fact } from "~/components/dashboard/record-section";
import { formatInstant } from "~/lib/dates";
import { auditLogPath } from "~/lib/paths";
import { m } from "~/paraglide/messages";

const linkClass = "text-water-700 underline hover:text-navy-900";

function when(instant: Date | string | null): string | null {
  return instant ? formatInstant(new Date(instant)) : null;
}

/** What the review page says about the event: what waits, who sent it, its dates and teams. The notes to the partner are listed whole beside it (`ReviewNotes`). */
export function ReviewFacts({
  event,
  revision,
  organizer,
  awaiting,
  teamsRegistered,
  teamsWaitlisted,
  decisionOffered,
}: {
  event: {
    status: string;
    startsAt: Date | string;
    maxTeams: number;
    submittedAt: Date | string | null;
    publishedAt: Date | string | null;
    cancelledAt: Date | string | null;
    cancellationReason: string | null;
  };
  revision: { status: string; submittedAt: Date | string | null } | null;
  organizer: { id: string; name: string };
  /** What waits for the admin's review: a new event, a change to a published one, or nothing. */
  awaiting: ReviewKind | null;
  teamsRegistered: number;
  teamsWaitlisted: number;
  /** The page has a decision to take further down. */
  decisionOffered: boolean;
}) {
  const sentChange = revision !== null && revision.status !== "draft";
  const submitted = when((sentChange ? revision.submittedAt : event.submittedAt) ?? null);
  const facts: Fact[] = [
    ...(awaiting
      ? [
          [
            m.review_waiting_for_review(),
            awaiting === "change" ? m.review_kind_change() : m.review_kind_new(),
          ] satisfies Fact,
        ]
      : []),
    [
      m.review_partner(),
      <Link
        key="partner"
        to={href("/dashboard/admin/partners/:id", { id: organizer.id })}
        className={linkClass}
      >
        {organizer.name}
      </Link>,
    ],
    ...(submitted ? [[m.review_submitted(), submitted] satisfies Fact] : []),
    [m.review_event_date(), when(event.startsAt)],
    [
      m.review_teams_registered(),
      `${m.review_teams_of_max({ registered: teamsRegistered, max: event.maxTeams })}${teamsWaitlisted > 0 ? m.review_teams_waitlisted({ count: teamsWaitlisted }) : ""}`,
    ],
    [m.review_first_published(), when(event.publishedAt) ?? m.review_never()],
  ];
  if (event.cancelledAt) facts.push([m.review_cancelled(), when(event.cancelledAt)]);

  return (
    <RecordSection id="review-facts" title={m.review_about_event()}>
      <FactList facts={facts} wide />
      {event.status === "cancelled" && event.cancellationReason && (
        <div className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          <h3 className="font-semibold">{m.review_cancellation_reason()}</h3>
          <p className="mt-1 whitespace-pre-line">{event.cancellationReason}</p>
        </div>
      )}
      {revision?.status === "draft" && (
        <p className="mt-4 text-sm text-slate-600">{m.review_draft_change_hidden()}</p>
      )}
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {decisionOffered && (
          <a href="#review-decision" className={linkClass}>
            {m.review_go_to_decision()}
          </a>
        )}
        <Link to={auditLogPath({ partnerId: organizer.id })} className={linkClass}>
          {m.review_audit_log_of({ name: organizer.name })}
        </Link>
      </p>
    </RecordSection>
  );
}
