import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../support/database";
import { eventForm, eventRow, revisionRow } from "../support/event-publishing";
import { eventFormSite, mainOf } from "../support/event-form-site";

// The meeting point: where at the venue the teams meet. Saved through the editor's form
// over HTTP, reviewed like the place itself once the event is public, shown on its page.

const partnerSite = eventFormSite("Meeting Point Roklub");
const { db, page, createThroughForm, saveThroughForm, publish } = partnerSite;

describe(`the meeting point on ${testDatabaseKind}`, () => {
  it("is saved from the editor's form and shown in it again", async () => {
    const form = eventForm({ meetingPoint: "  The north jetty, gate B  " });
    const stored = await createThroughForm(form);
    expect(stored.meetingPoint).toBe("The north jetty, gate B");

    const editor = await page(`/dashboard/partner/events/${stored.id}`, partnerSite.member.cookie);
    expect(editor.status).toBe(200);
    expect(editor.html).toContain("Meeting point");
    expect(editor.html).toContain('value="The north jetty, gate B"');

    const changed = await saveThroughForm(stored.id, { ...form, meetingPoint: "The south jetty" });
    expect(changed.status).toBe(303);
    expect((await eventRow(db(), stored.id))?.meetingPoint).toBe("The south jetty");
  });

  it("is optional: an event without one stores it empty and its page shows none", async () => {
    const form = eventForm();
    const stored = await createThroughForm(form);
    expect(stored.meetingPoint).toBe("");
    await publish(stored.id);
    const eventPage = await page(`/events/${form.slug}`);
    expect(eventPage.status).toBe(200);
    expect(mainOf(eventPage.html)).not.toContain("Meeting point");
  });

  it("answers one over 200 characters with 400 and the message by the field, changing nothing", async () => {
    const form = eventForm({ meetingPoint: "Gate A" });
    const stored = await createThroughForm(form);
    const before = await eventRow(db(), stored.id);

    const response = await saveThroughForm(stored.id, { ...form, meetingPoint: "x".repeat(201) });
    expect(response.status).toBe(400);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Please keep this under 200 characters");
    expect(html).toMatch(
      /id="[^"]*meetingPoint[^"]*"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*meetingPoint/,
    );
    expect(await eventRow(db(), stored.id)).toEqual(before);

    // Exactly 200 characters is allowed.
    const longest = await saveThroughForm(stored.id, { ...form, meetingPoint: "y".repeat(200) });
    expect(longest.status).toBe(303);
  });

  it("is shown on the public event page, and a change to a published event waits for review", async () => {
    const form = eventForm({ meetingPoint: "At the boathouse's jetty, gate B" });
    const stored = await createThroughForm(form);
    const published = await publish(stored.id);

    const before = mainOf((await page(`/events/${form.slug}`)).html);
    expect(before).toContain("Meeting point:");
    expect(before).toContain("At the boathouse&#x27;s jetty, gate B");

    const response = await saveThroughForm(stored.id, { ...form, meetingPoint: "The slipway by the café" });
    expect(response.status).toBe(303);
    // The public row keeps the approved meeting point; the change waits in the revision.
    expect((await eventRow(db(), stored.id))?.meetingPoint).toBe("At the boathouse's jetty, gate B");
    expect(await revisionRow(db(), stored.id)).toMatchObject({
      status: "draft",
      values: { meetingPoint: "The slipway by the café" },
    });
    const waiting = mainOf((await page(`/events/${form.slug}`)).html);
    expect(waiting).toContain("At the boathouse&#x27;s jetty, gate B");
    expect(waiting).not.toContain("The slipway by the café");

    await publish(published.id);
    const approved = mainOf((await page(`/events/${form.slug}`)).html);
    expect(approved).toContain("The slipway by the café");
    expect(await revisionRow(db(), stored.id)).toBeNull();
  });
});
