import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

let site: TestSite;
let admin: TestAccount;

beforeAll(async () => {
  site = await createTestSite();
  admin = await createAccount(site, { role: "admin", email: "admin-event-counts@rcl.example" });
});
afterAll(async () => {
  await site?.close();
});

/** A page's visible text: no tags, no React text markers, spaces collapsed. */
const visibleText = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe(`a partner's events, counted where the partner is shown, on ${testDatabaseKind}`, () => {
  it("counts the partner's events in the admin's partner list", async () => {
    const partner = await createTestPartner(site.database.db, "Counted Events Club");
    for (let n = 0; n < 3; n += 1) await createTestEvent(site.database.db, partner.id);
    await createTestEvent(site.database.db, partner.id, { status: "draft" });

    const html = await (
      await site.request("/dashboard/admin/partners?q=Counted+Events", { headers: { Cookie: admin.cookie } })
    ).text();
    const row = /<tr[^>]*>(?:(?!<\/tr>).)*Counted Events Club(?:(?!<\/tr>).)*<\/tr>/s.exec(html)?.[0];
    expect(row).toBeDefined();
    // The last column, Events: the three published events and the draft.
    expect(visibleText(row!).trim()).toMatch(/ 4$/);
  });

  it("ticks 'Draft your first event' on the checklist of a partner who has events", async () => {
    const partner = await createTestPartner(site.database.db, "Checklist Events Club");
    const member = await createAccount(site, { role: "partner", partnerId: partner.id });
    const before = visibleText(
      await (await site.request("/dashboard/partner", { headers: { Cookie: member.cookie } })).text(),
    );
    expect(before).toContain("To do: Draft your first event");

    await createTestEvent(site.database.db, partner.id);
    const after = visibleText(
      await (await site.request("/dashboard/partner", { headers: { Cookie: member.cookie } })).text(),
    );
    expect(after).toContain("Done: Draft your first event");
    expect(after).not.toContain("To do: Draft your first event");
  });
});
