import { href, Link } from "react-router";
import type { ReviewKind } from "#server/auth/event-actions";
import { FactList, RecordSection, type Fact } from "~/components/dashboard/record-section";
import { formatInstant } from "~/lib/dates";
import { auditLogPath } from "~/lib/paths";

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
            "Waiting for review",
            awaiting === "change" ? "Change to a published event" : "New event",
          ] satisfies Fact,
        ]
      : []),
    [
      "Partner",
      <Link
        key="partner"
        to={href("/dashboard/admin/partners/:id", { id: organizer.id })}
        className={linkClass}
      >
        {organizer.name}
      </Link>,
    ],
    ...(submitted ? [["Submitted", submitted] satisfies Fact] : []),
    ["Event date", when(event.startsAt)],
    [
      "Teams registered",
      `${teamsRegistered} of ${event.maxTeams}${teamsWaitlisted > 0 ? `, ${teamsWaitlisted} waitlisted` : ""}`,
    ],
    ["First published", when(event.publishedAt) ?? "Never"],
  ];
  if (event.cancelledAt) facts.push(["Cancelled", when(event.cancelledAt)]);

  return (
    <RecordSection id="review-facts" title="About this event">
      <FactList facts={facts} wide />
      {event.status === "cancelled" && event.cancellationReason && (
        <div className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          <h3 className="font-semibold">Reason for the cancellation</h3>
          <p className="mt-1 whitespace-pre-line">{event.cancellationReason}</p>
        </div>
      )}
      {revision?.status === "draft" && (
        <p className="mt-4 text-sm text-slate-600">
          The partner is preparing a change to this event that they have not submitted yet; it is not shown
          here.
        </p>
      )}
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {decisionOffered && (
          <a href="#review-decision" className={linkClass}>
            Go to your decision
          </a>
        )}
        <Link to={auditLogPath({ partnerId: organizer.id })} className={linkClass}>
          Audit log of {organizer.name}
        </Link>
      </p>
    </RecordSection>
  );
}
