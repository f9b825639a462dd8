import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getPartnerAnalytics } from "#server/analytics/partner-analytics";
import { isAppError } from "#server/errors";
import { createTestEvent } from "../../support/events";
import { actorOf, castForThisFile, loginLocation, visit, type SignedIn } from "./support";

// A partner's analytics read its own events' figures: another partner's event is "not
// found", as an unknown id is, and people outside the partner area are sent away.

const cast = castForThisFile();
const site = () => cast().site;
const db = () => site().database.db;

const ANALYTICS = "/dashboard/partner/analytics";
const MARCH = { from: "2025-03-01", to: "2025-03-31" };
const march = `${ANALYTICS}?from=${MARCH.from}&to=${MARCH.to}`;

/** What the figures of one event answer `who`: "read", or the refusal's code. */
const figuresOf = (who: SignedIn, eventId: string) =>
  getPartnerAnalytics(db(), { actor: actorOf(cast(), who), range: MARCH, eventId }).then(
    () => "read",
    (error: unknown) => (isAppError(error) ? error.code : error),
  );

describe("a partner's analytics", () => {
  it("finds no figures for another partner's event or an unknown id", async () => {
    const theirs = await createTestEvent(db(), cast().otherPartnerId);
    // Their own partner reads them: the refusal is the scope's, not the event's.
    expect(await figuresOf("other partner", theirs.id)).toBe("read");
    for (const eventId of [theirs.id, randomUUID(), "not-an-id"]) {
      expect(await figuresOf("partner", eventId), eventId).toBe("not_found");
    }
  });

  it("answers 404 for another partner's event or an unknown one", async () => {
    const theirs = await createTestEvent(db(), cast().otherPartnerId);
    const cookie = cast().accounts.partner.cookie;
    for (const eventId of [theirs.id, randomUUID(), "nonsense"]) {
      expect((await visit(site(), `${march}&event=${eventId}`, cookie)).status, eventId).toBe(404);
    }
  });

  it("sends visitors to sign in and keeps people without a partner area out", async () => {
    const visitor = await visit(site(), march);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(loginLocation(march));
    const user = await visit(site(), march, cast().accounts.user.cookie);
    expect(user.status).toBe(302);
    expect(user.headers.get("location")).toBe("/dashboard");
  });
});
