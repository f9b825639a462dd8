import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, teamRegistrations } from "#server/db/schema";
import { createTestSite, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});

afterAll(async () => {
  await site?.close();
});

/** Reads server-sent `availability` events from a streaming response. */
function availabilityEvents(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    async next(): Promise<Record<string, number>> {
      for (;;) {
        const match = /event: availability\ndata: (.+)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as Record<string, number>;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("The stream ended");
        buffer += value;
      }
    },
  };
}

describe("/events/{slug}/availability", () => {
  it("streams the current figures, then new ones when a team registers", async () => {
    const controller = new AbortController();
    const response = await site.request("/events/riverside-team-racing/availability", {
      headers: { Accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("content-encoding")).toBeNull();
    const stream = availabilityEvents(response);
    expect(await stream.next()).toEqual({
      maxTeams: 20,
      teamsRegistered: 12,
      waitlisted: 0,
      spotsRemaining: 8,
    });

    const [event] = await site.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.slug, "riverside-team-racing"));
    await site.database.db.insert(teamRegistrations).values({
      eventId: event!.id,
      userId: "sample-fjord-logistics",
      teamName: "Second crew",
      company: "Fjord Logistics",
      status: "confirmed",
    });
    expect(await stream.next()).toMatchObject({ teamsRegistered: 13, spotsRemaining: 7 });
    controller.abort();
  });

  it("answers 404 for an unknown or unpublished event", async () => {
    expect((await site.request("/events/no-such-event/availability")).status).toBe(404);
    expect((await site.request("/events/caf%C3%A9/availability")).status).toBe(404);
  });
});

describe("the event page", () => {
  it("says 'Fully booked: join the waitlist' when no spot is left", async () => {
    await site.database.db
      .update(events)
      .set({ maxTeams: 2 })
      .where(eq(events.slug, "oxford-leadership-summit"));
    const body = await (await site.request("/events/oxford-leadership-summit")).text();
    expect(body).toContain("Fully booked: join the waitlist");
    expect(body).not.toContain("team spots remaining");
  });
});
