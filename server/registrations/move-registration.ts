import { and, eq } from "drizzle-orm";
import { moveTeamSchema } from "~/lib/forms/registration-admin-schemas";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import { assertRegistrationAction } from "#server/auth/registration-actions";
import { managedEventsScope } from "#server/auth/policies";
import { recordAudit } from "#server/audit/record-audit";
import type { TeamRegistration } from "#server/db/rows";
import { events, teamRegistrations } from "#server/db/schema";
import { AppError, invalidField, parseInput } from "#server/errors";
import { bookingParties, enqueueEmails, movedMails, promotionMails } from "./emails";
import { movedMeanwhile, registrationNotFound } from "./errors";
import { fillFreeSpots } from "./fill-free-spots";
import { findManagedRegistration } from "./managed-queries";
import type { RegistrationServices } from "./register-team";
import { changePlace, countPlacesTaken, lockEvent } from "./rules";
import { creditPlace, invoiceConfirmedPlaces } from "./invoice-places";
import { textsIn } from "~/lib/content-language";
import type { Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { queueSeatLinks } from "#server/seats/send-seat-links";

const TARGET = "targetEventId";

/** A refusal about the chosen event, shown next to the select. */
const targetRefusal = (code: "invalid" | "conflict" | "invalid_transition", message: string) =>
  new AppError(code, message, { fields: { [TARGET]: message } });

type MoveRegistrationResult = {
  registration: TeamRegistration;
  /** Waitlisted teams of the event the team left that took its spot. */
  promoted: TeamRegistration[];
};

/**
 * Moves a team to another of the same partner's events, for whoever manages them: the
 * target must be published, not started, have a free spot and take the team's roster.
 * The team is confirmed there; the spot it leaves goes to the source's waitlist. Both
 * events are locked in the order of their ids, so two moves in opposite directions
 * cannot deadlock, and neither event can be overbooked meanwhile. The captain and the
 * booker get the new event's details and calendar file, promoted teams their usual
 * mail, and the move is audited.
 */
export async function moveRegistration(
  services: RegistrationServices,
  {
    actor,
    registrationId,
    input,
    now = new Date(),
  }: { actor: Actor; registrationId: string; input: unknown; now?: Date },
): Promise<MoveRegistrationResult> {
  if (!isUuid(registrationId)) throw registrationNotFound();

  return services.db.transaction(async (tx) => {
    const managed = await findManagedRegistration(tx, actor, registrationId);
    // Only now the input: another partner's registration is "not found" whatever was sent.
    const { targetEventId } = parseInput(moveTeamSchema, input);
    if (!isUuid(targetEventId)) throw invalidField(TARGET, m.err_move_choose_offered());
    if (targetEventId === managed.eventId) throw invalidField(TARGET, m.err_move_same_event());
    // Another partner's event looks like an unknown one, even to an admin moving across partners.
    const [target] = await tx
      .select({ id: events.id })
      .from(events)
      .where(
        and(eq(events.id, targetEventId), eq(events.partnerId, managed.partnerId), managedEventsScope(actor)),
      );
    if (!target) throw invalidField(TARGET, m.err_move_choose_offered());

    const [firstId, secondId] = [managed.eventId, target.id].sort();
    const first = await lockEvent(tx, firstId!);
    const second = await lockEvent(tx, secondId!);
    const source = first?.id === managed.eventId ? first : second;
    const destination = first?.id === target.id ? first : second;
    const [registration] = await tx
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registrationId))
      .for("update");
    if (!source || !destination || !registration) throw registrationNotFound();
    if (registration.eventId !== source.id) throw movedMeanwhile();

    assertRegistrationAction("move", actor, registration, source, now);
    if (destination.status !== "published") {
      throw targetRefusal("invalid_transition", m.err_move_target_unpublished());
    }
    if (destination.startsAt <= now) {
      throw targetRefusal("invalid_transition", m.err_move_target_started());
    }
    if (registration.roster.length > destination.teamSize) {
      throw targetRefusal(
        "invalid",
        m.err_move_roster_too_long({
          named: registration.roster.length,
          event: destination.title,
          max: destination.teamSize,
        }),
      );
    }
    const confirmedThere = await countPlacesTaken(tx, destination.id);
    if (confirmedThere >= destination.maxTeams) {
      throw targetRefusal(
        "conflict",
        m.err_move_target_full({
          event: destination.title,
          confirmed: confirmedThere,
          max: destination.maxTeams,
        }),
      );
    }

    const moved = await changePlace(tx, registrationId, {
      eventId: destination.id,
      status: "confirmed",
      // The reminders were for the old date; the new event's go out in their turn.
      rosterReminderSentAt: null,
      arrivalInfoSentAt: null,
      // The full refund a weather move gave was for that event; the new one's policy applies.
      movedByWeatherAt: null,
    });

    const freedSpot = registration.status === "confirmed" && source.status === "published";
    const promoted = freedSpot ? await fillFreeSpots(tx, source) : [];

    const parties = await bookingParties(tx, source, [moved.userId, ...promoted.map((row) => row.userId)]);
    const movedBooking = parties.booking(moved, destination);
    await enqueueEmails(services.jobs, tx, [
      ...movedMails(movedBooking, source, services),
      ...promotionMails(parties, promoted, services, now),
    ]);
    // Links not sent yet (a team moved off a waitlist, a roster completed since) go out now.
    await queueSeatLinks(tx, services.jobs, [moved.id, ...promoted.map((row) => row.id)]);
    const movedUp = promoted.map((row) => `${row.teamName} (${row.reference})`).join(", ");
    await recordAudit(tx, actor, {
      action: "registration.move",
      entityId: moved.id,
      partnerId: source.partnerId,
      summary: `Moved ${moved.teamName} (${moved.reference}) from ${source.title} to ${destination.title}${movedUp ? `. Moved up from the waitlist: ${movedUp}` : ""}`,
      changes: {
        eventId: { before: source.id, after: destination.id },
        status: { before: registration.status, after: "confirmed" },
      },
    });
    // The old place's invoice is credited and the new one invoiced, each document in the
    // booking's language, so the buyer's books show the change; last, as the seller's
    // series stays locked from a number to the commit (ADR 035).
    const destinationTitle = (locale: Locale) => textsIn(destination, locale).title;
    await creditPlace(tx, services, {
      registration: moved,
      bookerEmail: movedBooking.bookerEmail,
      reason: (locale) => m.invoice_reason_team_moved({ event: destinationTitle(locale) }, { locale }),
      now,
    });
    await invoiceConfirmedPlaces(tx, services, { event: destination, confirmed: [moved], parties, now });
    await invoiceConfirmedPlaces(tx, services, { event: source, confirmed: promoted, parties, now });
    return { registration: moved, promoted };
  });
}
