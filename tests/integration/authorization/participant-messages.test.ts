import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { RecipientChoice } from "~/lib/forms/participant-message-schema";
import { auditLog, participantMessages, teamRegistrations } from "#server/db/schema";
import { sendParticipantMessage } from "#server/messages/send-participant-message";
import { postForm } from "../../support/accounts";
import { refusalOf } from "../../support/event-publishing";
import { createTestEvent } from "../../support/events";
import {
  actorOf,
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  servicesOf,
  signedInOnly,
  type AuthorizationCase,
  type Cast,
  type Target,
} from "./support";

// A message to an event's participants is sent by the event's partner or an admin only;
// another partner's member is told the event does not exist, and nothing is stored.

const cast = castForThisFile();
const site = () => cast().site;
const db = () => site().database.db;
const services = () => servicesOf(cast());

const choice: RecipientChoice = { audience: "captains", teams: "confirmed" };
const messagesPath = (eventId: string) =>
  `/dashboard/partner/events/${eventId}/messages?audience=${choice.audience}&teams=${choice.teams}`;
const message = (overrides: Record<string, string> = {}) => ({
  subject: "Arrival on Saturday",
  body: "Please be at the boathouse at 8:30.",
  audience: choice.audience,
  teams: choice.teams,
  ...overrides,
});

type EventTarget = Target & { eventId: string };

/** A host event with one confirmed team booked by the cast's owner. */
async function arrangeEvent(theCast: Cast): Promise<EventTarget> {
  const event = await createTestEvent(db(), theCast.hostPartnerId);
  await db()
    .insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId: theCast.accounts.owner.id,
      teamName: "Message Crew",
      company: "Message A/S",
      status: "confirmed",
      captainEmail: `captain-${randomUUID().slice(0, 8)}@teams.example`,
    });
  return { owner: theCast.accounts.owner, eventId: event.id };
}

async function messagesSnapshot(_cast: Cast, { eventId }: EventTarget) {
  return {
    messages: await db().select().from(participantMessages).where(eq(participantMessages.eventId, eventId)),
    audit: await db().select().from(auditLog).where(eq(auditLog.entityId, eventId)),
  };
}

const sendMessage: AuthorizationCase<EventTarget> = {
  name: "sending a message to an event's participants",
  arrange: arrangeEvent,
  request: ({ eventId }) => ({ path: messagesPath(eventId), form: { intent: "send", ...message() } }),
  snapshot: messagesSnapshot,
  // The booker is a plain user: like any user, sent to their dashboard.
  expected: signedInOnly(allowed(303), {
    owner: refused(302),
    user: refused(302),
    "other partner": refused(404),
  }),
  async verify({ target }) {
    const { messages } = await messagesSnapshot(cast(), target);
    expect(messages).toHaveLength(1);
  },
};

describe("messages to an event's participants", () => {
  forEachActor(sendMessage, cast);

  it("answers another partner's member 404 for a review and an empty message too, and the command refuses them and a user", async () => {
    const target = await arrangeEvent(cast());
    const before = await messagesSnapshot(cast(), target);
    const cookie = cast().accounts["other partner"].cookie;
    for (const fields of [
      { intent: "review", ...message() },
      // An empty message to another partner's event is "not found" too, not a field message.
      { intent: "send", ...message({ subject: "", body: "" }) },
    ]) {
      expect((await postForm(site(), messagesPath(target.eventId), fields, cookie)).status).toBe(404);
    }
    for (const actor of [actorOf(cast(), "other partner"), actorOf(cast(), "user")]) {
      const refusal = await refusalOf(
        sendParticipantMessage(services(), { actor, eventId: target.eventId, input: message() }),
      );
      expect(refusal.code).toBe("not_found");
    }
    expect(await messagesSnapshot(cast(), target)).toEqual(before);
  });
});
