/**
 * What an actor may do with an event now: the one home of the event's state rules.
 * Pages read `eventActions` to show or hide their buttons; the commands call
 * `assertEventAction` with the same facts, so a button is offered exactly when its
 * command would accept it, and a refusal reads the same wherever it comes from.
 */
import type { eventRevisions, events } from "#server/db/schema";
import { AppError, forbidden } from "#server/errors";
import type { Actor } from "./actor";
import { canManageEvent, canReviewEvents } from "./policies";
import { m } from "~/paraglide/messages";

type EventFacts = Pick<typeof events.$inferSelect, "partnerId" | "status" | "startsAt" | "publishedAt">;
/** A published event's pending change, if it has one. */
type RevisionFacts = Pick<typeof eventRevisions.$inferSelect, "status"> | null;

/** What goes to review: the event itself, or a change to a published event. */
export type ReviewKind = "event" | "change";

export type EventAction =
  "edit" | "submit" | "cancel" | "delete" | "unpublish" | "approve" | "requestChanges";

export type EventActions = Record<Exclude<EventAction, "submit">, boolean> & {
  /** What "Submit for review" would send, or null when there is nothing to send. */
  submit: ReviewKind | null;
  /** What waits for an admin's decision, whoever looks. */
  awaiting: ReviewKind | null;
  /** Why the event no longer changes at all, if it does not. */
  stopped: "cancelled" | "started" | null;
};

const refused = (message: string) => new AppError("invalid_transition", message);

/** Whether the event has ever been public: then it has registrations to think of and its slug is fixed. */
export const wasPublished = (event: Pick<EventFacts, "publishedAt">): boolean => event.publishedAt !== null;

/** A cancelled event, or one that has started, is history: it no longer changes. */
function stoppedBy(event: EventFacts, now: Date): EventActions["stopped"] {
  if (event.status === "cancelled") return "cancelled";
  return event.startsAt <= now ? "started" : null;
}

const STOPPED: Record<NonNullable<EventActions["stopped"]>, () => string> = {
  cancelled: m.err_event_stopped_cancelled,
  started: m.err_event_stopped_started,
};

function submitKind(event: EventFacts, revision: RevisionFacts): ReviewKind | null {
  if (event.status === "draft" || event.status === "changes_requested") return "event";
  if (event.status === "published" && revision && revision.status !== "pending_review") return "change";
  return null;
}

function awaitingKind(event: EventFacts, revision: RevisionFacts): ReviewKind | null {
  if (event.status === "pending_review") return "event";
  if (event.status === "published" && revision?.status === "pending_review") return "change";
  return null;
}

/** Why the actor may not take `action` on the event now, or null when they may. */
function refusalOf(
  action: EventAction,
  actor: Actor,
  event: EventFacts,
  revision: RevisionFacts,
  now: Date,
): AppError | null {
  if (!canManageEvent(actor, event)) return forbidden();
  const stopped = stoppedBy(event, now);
  const stoppedRefusal = stopped ? refused(STOPPED[stopped]()) : null;
  switch (action) {
    case "edit":
      return stoppedRefusal;
    case "submit":
      return (
        stoppedRefusal ?? (submitKind(event, revision) ? null : refused(m.err_event_nothing_to_submit()))
      );
    case "cancel":
      return stoppedRefusal ?? (wasPublished(event) ? null : refused(m.err_event_never_published()));
    case "delete":
      // Nobody has seen or booked it, and the reviewers do not have it: a start date passed changes nothing.
      if (event.status === "pending_review") return refused(m.err_event_delete_in_review());
      return wasPublished(event) ? refused(m.err_event_delete_published()) : null;
    case "unpublish":
      if (!canReviewEvents(actor)) return forbidden(m.err_admins_review_only());
      if (event.status !== "published") return refused(m.err_event_unpublish_unpublished());
      return stoppedRefusal;
    case "approve":
    case "requestChanges":
      if (!canReviewEvents(actor)) return forbidden(m.err_admins_review_only());
      return (
        stoppedRefusal ?? (awaitingKind(event, revision) ? null : refused(m.err_event_not_awaiting_review()))
      );
  }
}

export function eventActions(
  actor: Actor,
  event: EventFacts,
  revision: RevisionFacts,
  now: Date,
): EventActions {
  const may = (action: EventAction) => refusalOf(action, actor, event, revision, now) === null;
  return {
    edit: may("edit"),
    submit: may("submit") ? submitKind(event, revision) : null,
    cancel: may("cancel"),
    delete: may("delete"),
    unpublish: may("unpublish"),
    approve: may("approve"),
    requestChanges: may("requestChanges"),
    awaiting: awaitingKind(event, revision),
    stopped: stoppedBy(event, now),
  };
}

/** The command's check: refuses with the same answer the page's button was hidden for. */
export function assertEventAction(
  action: EventAction,
  actor: Actor,
  event: EventFacts,
  revision: RevisionFacts,
  now: Date,
): void {
  const refusal = refusalOf(action, actor, event, revision, now);
  if (refusal) throw refusal;
}
