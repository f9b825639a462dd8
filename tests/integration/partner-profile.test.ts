import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, partners } from "#server/db/schema";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";
import { followToast } from "../support/toast";

let site: TestSite;
let club: Awaited<ReturnType<typeof createTestPartner>>;
let otherClub: Awaited<ReturnType<typeof createTestPartner>>;
let member: TestAccount;
let otherMember: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  club = await createTestPartner(site.database.db, "Editor Rowing Club");
  otherClub = await createTestPartner(site.database.db, "Neighbour Rowing Club");
  member = await createAccount(site, { role: "partner", partnerId: club.id });
  otherMember = await createAccount(site, { role: "partner", partnerId: otherClub.id });
  admin = await createAccount(site, { role: "admin" });
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

const PAGE = "/dashboard/partner/profile";
const pageOf = (partnerId: string) => `${PAGE}?partner=${partnerId}`;

const open = (path: string, cookie?: string) =>
  site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

/** A complete, valid form: every field of the editor filled in. */
function fullForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    name: "Editor Rowing Club",
    location: "Aarhus",
    address: "Havnevej 1, 8000 Aarhus C",
    phone: "+45 86 12 34 56",
    email: "hello@editor-club.dk",
    website: "https://www.editor-club.dk/about",
    facebookUrl: "https://www.facebook.com/editorclub",
    instagramUrl: "https://www.instagram.com/editorclub",
    linkedinUrl: "https://www.linkedin.com/company/editorclub",
    foundedYear: "1886",
    memberships: "Corporate & Individual",
    description: "Rowing on the bay since 1886.",
    fullDescriptionHtml: "<h2>Our story</h2><p>We row <strong>every</strong> morning.</p>",
    "facilities[0].text": "Boathouse with 20 boats",
    "facilities[1].text": "",
    "facilities[2].text": "Sauna",
    "services[0].text": "Team building",
    "services[1].text": "Coaching",
    "testimonials[0].name": "Ida Holm",
    "testimonials[0].position": "HR lead, Maersk",
    "testimonials[0].comment": "The best team day we had.",
    ...overrides,
  };
}

/** The value the page gives the input named `name`. */
function inputValue(html: string, name: string): string | undefined {
  const tag = html.match(new RegExp(`<input[^>]*name="${name.replace(/[[\]]/g, "\\$&")}"[^>]*>`))?.[0];
  return tag?.match(/value="([^"]*)"/)?.[1];
}

const readPartner = async (id: string) =>
  (await site.database.db.select().from(partners).where(eq(partners.id, id)))[0]!;

describe("saving the profile", () => {
  it("stores every field and shows each on the public page", async () => {
    const response = await postForm(site, pageOf(club.id), fullForm(), member.cookie);
    const { page, html } = await followToast(site, response, member.cookie);
    expect(page.status).toBe(200);
    expect(response.headers.get("location")).toBe(pageOf(club.id));
    expect(html).toContain("Your partner profile has been saved.");

    const row = await readPartner(club.id);
    expect(row).toMatchObject({
      name: "Editor Rowing Club",
      location: "Aarhus",
      address: "Havnevej 1, 8000 Aarhus C",
      phone: "+45 86 12 34 56",
      email: "hello@editor-club.dk",
      website: "www.editor-club.dk",
      facebookUrl: "https://www.facebook.com/editorclub",
      foundedYear: 1886,
      memberships: "Corporate & Individual",
      facilities: ["Boathouse with 20 boats", "Sauna"],
      services: ["Team building", "Coaching"],
      testimonials: [{ name: "Ida Holm", position: "HR lead, Maersk", comment: "The best team day we had." }],
      slug: club.slug,
    });

    const about = await (await open(`/partners/${club.slug}`)).text();
    for (const shown of [
      "Editor Rowing Club",
      "Aarhus",
      "Havnevej 1, 8000 Aarhus C",
      "+45 86 12 34 56",
      "hello@editor-club.dk",
      "https://www.editor-club.dk",
      "https://www.facebook.com/editorclub",
      "https://www.instagram.com/editorclub",
      "https://www.linkedin.com/company/editorclub",
      "Corporate &amp; Individual",
      "Rowing on the bay since 1886.",
      "<h2>Our story</h2><p>We row <strong>every</strong> morning.</p>",
      "Boathouse with 20 boats",
      "Sauna",
      "Team building",
      "Coaching",
    ]) {
      expect(about).toContain(shown);
    }
    expect(about).toMatch(/Founded (<!-- -->)?1886/);
    const testimonials = await (await open(`/partners/${club.slug}?tab=testimonials`)).text();
    expect(testimonials).toContain("The best team day we had.");
    expect(testimonials).toContain("HR lead, Maersk");
  });

  it("opens the editor with the saved values and a link to the public page", async () => {
    const response = await open(PAGE, member.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`href="/partners/${club.slug}"`);
    expect(html).toContain("View public page");
    expect(html).toContain("Boathouse with 20 boats");
    expect(html).toContain("The best team day we had.");
  });

  it("writes an audit row with each changed field before and after", async () => {
    await postForm(site, pageOf(club.id), fullForm({ location: "Aarhus" }), member.cookie);
    const saved = await postForm(site, pageOf(club.id), fullForm({ location: "Aarhus N" }), member.cookie);
    expect(saved.status).toBe(303);
    const rows = await site.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, club.id), eq(auditLog.action, "partner.update")));
    const last = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!;
    expect(last).toMatchObject({
      actorUserId: member.id,
      actorEmail: member.email,
      entityType: "partner",
      entityId: club.id,
    });
    expect(last.changes).toEqual({ location: { before: "Aarhus", after: "Aarhus N" } });
  });

  it("stores the full description sanitized", async () => {
    const dirty =
      '<p>Hi<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
      '<p onclick="alert(4)">Safe <a href="https://club.dk">link</a></p>';
    const response = await postForm(
      site,
      pageOf(club.id),
      fullForm({ fullDescriptionHtml: dirty }),
      member.cookie,
    );
    expect(response.status).toBe(303);
    const { fullDescriptionHtml } = await readPartner(club.id);
    expect(fullDescriptionHtml).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(fullDescriptionHtml).toContain(
      '<a href="https://club.dk" rel="noopener noreferrer nofollow" target="_blank">link</a>',
    );
  });
});

describe("bad input", () => {
  const thisYear = new Date().getFullYear();
  it.each([
    ["website", "not a website", "Please enter a website such as yourclub.dk"],
    ["facebookUrl", "https://www.notfacebook.com/club", "https link to your Facebook page"],
    ["instagramUrl", "http://www.instagram.com/club", "https link to your Instagram page"],
    ["linkedinUrl", "https://www.facebook.com/club", "https link to your LinkedIn page"],
    ["email", "not-an-address", "Please enter a valid email address"],
    ["phone", "call us", "Please enter a phone number such as +45 12 34 56 78"],
    ["foundedYear", String(thisYear + 1), "The founding year cannot be in the future"],
    ["foundedYear", "1799", "Please enter a year from 1800 on"],
  ])("refuses %s %j with its message and keeps what was typed", async (field, typed, message) => {
    const before = await readPartner(club.id);
    const form = fullForm({ [field]: typed, memberships: "Typed but not saved" });
    const response = await postForm(site, pageOf(club.id), form, member.cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message.replace(/&/g, "&amp;"));
    // The field's message is wired to its input.
    expect(html).toMatch(new RegExp(`id="partner-profile-\\d+-${field}-error"`));
    expect(html).toContain("Typed but not saved");
    expect(html).toContain(typed.replace(/&/g, "&amp;"));
    expect(await readPartner(club.id)).toEqual(before);
  });
});

describe("preview", () => {
  it("shows the typed values sanitized and saves nothing", async () => {
    const before = await readPartner(club.id);
    const form = fullForm({
      intent: "preview",
      description: "A description only the preview shows.",
      fullDescriptionHtml: "<p>Preview body<script>alert(1)</script></p>",
    });
    const response = await postForm(site, pageOf(club.id), form, member.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Preview, not saved yet");
    expect(html).toContain("A description only the preview shows.");
    expect(html).toContain("<p>Preview body</p>");
    // Only the typed text (escaped, in the form) carries the script; the preview does not.
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("Preview body<script>");
    expect(await readPartner(club.id)).toEqual(before);
  });
});

describe("without JavaScript", () => {
  it("adds, moves and removes list rows on the server, keeping what was typed and saving nothing", async () => {
    const before = await readPartner(club.id);
    const send = (intent: object, form: Record<string, string>) =>
      postForm(site, pageOf(club.id), { ...form, __intent__: JSON.stringify(intent) }, member.cookie);
    const { intent: _save, ...typed } = fullForm({ memberships: "Typed before adding" });

    const added = await send(
      { type: "insert", payload: { name: "facilities", defaultValue: { text: "", textTranslation: "" } } },
      typed,
    );
    expect(added.status).toBe(200);
    const html = await added.text();
    expect(html).toMatch(/name="facilities\[3\]\.text"/);
    expect(html).toContain("Typed before adding");

    const moved = await send({ type: "reorder", payload: { name: "services", from: 1, to: 0 } }, typed);
    const movedHtml = await moved.text();
    expect(inputValue(movedHtml, "services[0].text")).toBe("Coaching");
    expect(inputValue(movedHtml, "services[1].text")).toBe("Team building");

    const removed = await send({ type: "remove", payload: { name: "testimonials", index: 0 } }, typed);
    // The only testimonial's row is gone from the form (the saved one is still stored).
    expect(await removed.text()).not.toMatch(/name="testimonials\[0\]\.comment"/);
    expect(await readPartner(club.id)).toEqual(before);
  });

  it("refuses other Conform intents as unreadable", async () => {
    const response = await postForm(
      site,
      pageOf(club.id),
      { ...fullForm(), __intent__: JSON.stringify({ type: "validate", payload: {} }) },
      member.cookie,
    );
    expect(response.status).toBe(400);
  });
});

describe("who may edit", () => {
  it("opens each member's own partner by default", async () => {
    const html = await (await open(PAGE, otherMember.cookie)).text();
    expect(html).toContain("Neighbour Rowing Club");
    expect(html).not.toContain("Editor Rowing Club");
  });

  it("lets an admin choose any partner and edit it", async () => {
    const chooser = await (await open(PAGE, admin.cookie)).text();
    expect(chooser).toContain("Choose the partner whose profile you want to edit.");
    expect(chooser).toContain(`href="${pageOf(otherClub.id).replace(/&/g, "&amp;")}"`);

    const response = await postForm(
      site,
      pageOf(otherClub.id),
      fullForm({ name: "Neighbour Rowing Club", location: "Vejle" }),
      admin.cookie,
    );
    await followToast(site, response, admin.cookie);
    expect((await readPartner(otherClub.id)).location).toBe("Vejle");
    const [audit] = await site.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, otherClub.id), eq(auditLog.actorUserId, admin.id)));
    expect(audit?.changes).toMatchObject({ location: { before: "Copenhagen", after: "Vejle" } });
  });

  it("tells the editor when the public page is not public", async () => {
    const pending = await createTestPartner(site.database.db, "Pending Rowing Club", { status: "pending" });
    const html = await (await open(pageOf(pending.id), admin.cookie)).text();
    expect(html).toContain("not visible to visitors yet");
    expect((await open(`/partners/${pending.slug}`)).status).toBe(404);
  });
});
