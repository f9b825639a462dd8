import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "#server/db/schema";
import { submitEvent } from "#server/events/submit-event";
import { NON_SWIMMER_RULE_DA, NON_SWIMMER_RULE_EN } from "~/lib/non-swimmers";
import { createAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { eventForm, eventRow, partnerActor, revisionRow } from "../support/event-publishing";
import { eventFormSite } from "../support/event-form-site";

// Whether non-swimmers may row and the rule they row under (ADR 038): reviewed fields of
// the event form, saved over HTTP as the partner's browser sends them.

const partnerSite = eventFormSite("Non-swimmer Roklub");
const { db, services, createThroughForm, saveThroughForm, publish } = partnerSite;

const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe(`the non-swimmer fields on ${testDatabaseKind}`, () => {
  it("are saved from the editor's form and shown in it again", async () => {
    const form = eventForm({
      nonSwimmers: "with_rule",
      nonSwimmerRule: "  Life vest and an instructor in the boat.  ",
      nonSwimmerRuleTranslation: "Redningsvest og instruktør i båden.",
    });
    const stored = await createThroughForm(form);
    expect(stored).toMatchObject({
      nonSwimmers: "with_rule",
      nonSwimmerRule: "Life vest and an instructor in the boat.",
      nonSwimmerRuleTranslation: "Redningsvest og instruktør i båden.",
    });
    const editor = await partnerSite.site.request(`/dashboard/partner/events/${stored.id}`, {
      headers: { Cookie: partnerSite.member.cookie },
    });
    const html = await textOf(editor);
    expect(html).toContain("May non-swimmers take part?");
    expect(html).toContain("Life vest and an instructor in the boat.");

    const changed = await saveThroughForm(stored.id, {
      ...form,
      nonSwimmers: "not_allowed",
      nonSwimmerRule: "",
      nonSwimmerRuleTranslation: "",
    });
    expect(changed.status).toBe(303);
    expect(await eventRow(db(), stored.id)).toMatchObject({ nonSwimmers: "not_allowed", nonSwimmerRule: "" });
  });

  it("start with DFfR's rule, and a form without them keeps the event's", async () => {
    const form = eventForm();
    const stored = await createThroughForm(form);
    expect(stored).toMatchObject({
      nonSwimmers: "with_rule",
      nonSwimmerRule: NON_SWIMMER_RULE_EN,
      nonSwimmerRuleTranslation: NON_SWIMMER_RULE_DA,
    });
    await db().update(events).set({ nonSwimmers: "not_allowed" }).where(eq(events.id, stored.id));
    expect((await saveThroughForm(stored.id, { ...form, title: "Renamed regatta" })).status).toBe(303);
    expect(await eventRow(db(), stored.id)).toMatchObject({
      title: "Renamed regatta",
      nonSwimmers: "not_allowed",
    });
  });

  it("refuse a missing rule when non-swimmers row under it, with 400 and the message by the field", async () => {
    const form = eventForm();
    const stored = await createThroughForm(form);
    const before = await eventRow(db(), stored.id);
    const response = await saveThroughForm(stored.id, {
      ...form,
      nonSwimmers: "with_rule",
      nonSwimmerRule: "   ",
      nonSwimmerRuleTranslation: "",
    });
    expect(response.status).toBe(400);
    const html = await textOf(response);
    expect(html).toContain("Enter the rule non-swimmers row under, or choose that they may not take part.");
    expect(html).toMatch(
      /aria-invalid="true"[^>]*nonSwimmerRule|id="[^"]*nonSwimmerRule[^"]*"[^>]*aria-invalid="true"/,
    );
    expect(await eventRow(db(), stored.id)).toEqual(before);
  });

  it("refuse a rule over 1,000 characters, and take exactly 1,000", async () => {
    const form = eventForm();
    const stored = await createThroughForm(form);
    const before = await eventRow(db(), stored.id);
    const tooLong = await saveThroughForm(stored.id, {
      ...form,
      nonSwimmers: "with_rule",
      nonSwimmerRule: "x".repeat(1001),
    });
    expect(tooLong.status).toBe(400);
    expect(await textOf(tooLong)).toMatch(/Please keep this under 1,?000 characters/);
    const translationTooLong = await saveThroughForm(stored.id, {
      ...form,
      nonSwimmers: "with_rule",
      nonSwimmerRule: "Life vest.",
      nonSwimmerRuleTranslation: "y".repeat(1001),
    });
    expect(translationTooLong.status).toBe(400);
    expect(await eventRow(db(), stored.id)).toEqual(before);
    const longest = await saveThroughForm(stored.id, {
      ...form,
      nonSwimmers: "with_rule",
      nonSwimmerRule: "z".repeat(1000),
    });
    expect(longest.status).toBe(303);
  });

  it("refuse a choice that is neither, and a translation without the rule", async () => {
    const form = eventForm();
    const stored = await createThroughForm(form);
    const before = await eventRow(db(), stored.id);
    const odd = await saveThroughForm(stored.id, { ...form, nonSwimmers: "sometimes" });
    expect(odd.status).toBe(400);
    expect(await textOf(odd)).toContain("Choose whether non-swimmers may take part.");
    const orphan = await saveThroughForm(stored.id, {
      ...form,
      nonSwimmers: "not_allowed",
      nonSwimmerRule: "",
      nonSwimmerRuleTranslation: "Redningsvest.",
    });
    expect(orphan.status).toBe(400);
    expect(await eventRow(db(), stored.id)).toEqual(before);
  });

  it("wait for review once the event is public, and the review shows them under What changed", async () => {
    const form = eventForm();
    const stored = await createThroughForm(form);
    await publish(stored.id);
    const response = await saveThroughForm(stored.id, {
      ...form,
      nonSwimmers: "not_allowed",
      nonSwimmerRule: NON_SWIMMER_RULE_EN,
      nonSwimmerRuleTranslation: NON_SWIMMER_RULE_DA,
    });
    expect(response.status).toBe(303);
    expect((await eventRow(db(), stored.id))?.nonSwimmers).toBe("with_rule");
    expect(await revisionRow(db(), stored.id)).toMatchObject({ values: { nonSwimmers: "not_allowed" } });
    await submitEvent(services(), {
      actor: partnerActor(
        { id: partnerSite.member.id, email: partnerSite.member.email },
        partnerSite.partnerId,
      ),
      eventId: stored.id,
    });

    const admin = await createAccount(partnerSite.site, { role: "admin" });
    const review = await partnerSite.site.request(`/dashboard/admin/events/${stored.id}`, {
      headers: { Cookie: admin.cookie },
    });
    const html = await textOf(review);
    expect(review.status).toBe(200);
    expect(html).toMatch(/<th[^>]*scope="row"[^>]*>May non-swimmers take part/);
    expect(html).toContain("Not allowed");
    expect(html).toContain("With the rule");
  });
});
