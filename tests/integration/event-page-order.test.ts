import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#server/db/schema";
import { createAccount, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { createTestSite, type TestSite } from "../support/http-app";

let site: TestSite;
let partner: TestAccount;
let eventId: string;

beforeAll(async () => {
  site = await createTestSite();
  const [event] = await site.database.db
    .select({ id: events.id, partnerId: events.partnerId })
    .from(events)
    .where(eq(events.slug, "riverside-team-racing"));
  eventId = event!.id;
  partner = await createAccount(site, { role: "partner", partnerId: event!.partnerId });
});
afterAll(async () => {
  await site?.close();
});

/**
 * Where each part of the page's top starts in the HTML as sent: the title, the cover
 * picture, the information tabs, the description and the booking card.
 */
function topOfPage(html: string) {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
  // Nothing written out of place for a script to move in later, nothing left to stream.
  expect(main).not.toContain('<template id="B:');
  expect(main).not.toContain("<!--$?-->");
  return {
    title: main.indexOf("<h1"),
    picture: main.search(/<img[^>]*riverside-team-racing/),
    tabs: main.indexOf('role="tablist"'),
    description: main.indexOf('class="prose-rich"'),
    bookingCard: main.indexOf('aria-label="Registration"'),
  };
}

describe(`the top of an event's page on ${testDatabaseKind}`, () => {
  it.each([
    ["the public page", () => "/events/riverside-team-racing", undefined],
    ["the partner's preview", () => `/dashboard/partner/events/${eventId}/preview`, () => partner.cookie],
  ])(
    "%s sends the title, picture, tabs and description before the booking card",
    async (_name, path, cookie) => {
      const response = await site.request(path(), { headers: cookie ? { Cookie: cookie() } : {} });
      expect(response.status).toBe(200);
      const top = topOfPage(await response.text());
      for (const part of ["title", "picture", "tabs", "description"] as const) {
        expect(top[part], part).toBeGreaterThan(-1);
        expect(top[part], part).toBeLessThan(top.bookingCard);
      }
    },
  );
});
