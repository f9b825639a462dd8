import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, inquiries } from "#server/db/schema";
import type { Mail } from "#server/email/mailer";
import { listManagedInquiries } from "#server/inquiries/queries";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";
import { followToast } from "../support/toast";

// The partner's inquiries (issue 12): the list and its tabs, one inquiry with its reply
// form, archiving and reopening, each through HTTP as the pages send them, for members of
// the partners and an admin. Who may open and answer which inquiry is tested in
// authorization/inquiries.test.ts.

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
let clubA: Awaited<ReturnType<typeof createTestPartner>>;
let clubB: Awaited<ReturnType<typeof createTestPartner>>;
const people = {} as Record<"memberA" | "memberB" | "admin", TestAccount>;

const db = () => site.database.db;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  outbox = recordingJobs(site.database);
  clubA = await createTestPartner(db(), "Inquiry Roklub A", { email: "events@club-a.example" });
  // No address of its own: replies fall back on the replying person's address.
  clubB = await createTestPartner(db(), "Inquiry Roklub B", { email: "" });
  people.memberA = await createAccount(site, { role: "partner", partnerId: clubA.id, firstName: "Aase" });
  people.memberB = await createAccount(site, { role: "partner", partnerId: clubB.id, firstName: "Bent" });
  people.admin = await createAccount(site, { role: "admin", firstName: "Arne" });
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

type InquiryInsert = typeof inquiries.$inferInsert;

let sequence = 0;
async function newInquiry(partnerId: string | null, overrides: Partial<InquiryInsert> = {}) {
  sequence += 1;
  const [row] = await db()
    .insert(inquiries)
    .values({
      partnerId,
      name: `Visitor ${sequence}`,
      email: `visitor-${sequence}-${randomUUID().slice(0, 6)}@company.example`,
      company: `Company ${sequence} A/S`,
      subject: `Inquiry number ${sequence}`,
      message: `Could you host a regatta for our team?\nWe are about 30 people (message ${sequence}).`,
      preferredDate: "2027-09-14",
      groupSize: 30,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("The test inquiry was not stored.");
  return row;
}

async function rowOf(id: string) {
  const [row] = await db().select().from(inquiries).where(eq(inquiries.id, id));
  return row;
}

const auditOf = (id: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(desc(auditLog.createdAt));

const page = (path: string, account?: TestAccount) =>
  site.request(path, { headers: account ? { Cookie: account.cookie } : {}, redirect: "manual" });

const inquiryPath = (id: string) => `/dashboard/partner/inquiries/${id}`;

/** Every mail delivered so far to `to` (each test writes from addresses of its own). */
async function mailsTo(to: string): Promise<Mail[]> {
  return (await outbox.deliver()).filter((mail) => mail.to === to);
}

/** The ids of the inquiries a list page links to, in the order shown. */
function listedIds(html: string): string[] {
  return [...html.matchAll(/href="\/dashboard\/partner\/inquiries\/([0-9a-f-]{36})"/g)].map(
    (match) => match[1]!,
  );
}

describe("the list of inquiries", () => {
  it("shows a member their partners' new inquiries only, newest first, with counts per tab", async () => {
    const club = await createTestPartner(db(), "List Roklub", { email: "list@club.example" });
    const member = await createAccount(site, { role: "partner", partnerId: club.id });
    const older = await newInquiry(club.id, { createdAt: new Date("2027-01-15T08:30:00Z") });
    const newer = await newInquiry(club.id, {
      createdAt: new Date("2027-01-16T10:00:00Z"),
      subject: null,
      message: "We would love to bring the whole sales department for a day on the water",
      company: null,
    });
    const answered = await newInquiry(club.id, { status: "answered", reply: "Yes", repliedAt: new Date() });
    const archived = await newInquiry(club.id, { status: "archived" });
    const others = await newInquiry(clubB.id);
    const contactMessage = await newInquiry(null);

    const response = await page("/dashboard/partner/inquiries", member);
    expect(response.status).toBe(200);
    // React marks where text and values meet with empty comments.
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(listedIds(html)).toEqual([newer.id, older.id]);
    expect(html).not.toContain(others.name);
    expect(html).not.toContain(contactMessage.name);
    // Tabs with their counts, the row's sender, company, date, group size and time in Copenhagen.
    expect(html).toMatch(/New<span[^>]*><span class="sr-only">\(<\/span>2</);
    expect(html).toMatch(/Answered<span[^>]*><span class="sr-only">\(<\/span>1</);
    expect(html).toMatch(/Archived<span[^>]*><span class="sr-only">\(<\/span>1</);
    expect(html).toContain(older.company);
    expect(html).toContain("September 14, 2027");
    expect(html).toContain("January 15, 2027, 9:30 AM");
    // A row without a subject is named by the start of its message.
    expect(html).toContain("We would love to bring the whole sales department for a day…");
    // One partner: no partner column.
    expect(html).not.toContain(">Partner</th>");

    const answeredTab = await (await page("/dashboard/partner/inquiries?tab=answered", member)).text();
    expect(listedIds(answeredTab)).toEqual([answered.id]);
    const archivedTab = await (await page("/dashboard/partner/inquiries?tab=archived", member)).text();
    expect(listedIds(archivedTab)).toEqual([archived.id]);
    // An unknown tab is the first one.
    const unknownTab = await (await page("/dashboard/partner/inquiries?tab=spam", member)).text();
    expect(listedIds(unknownTab)).toEqual([newer.id, older.id]);
  });

  it("shows an admin every partner's inquiries with the partner named, but no contact-form messages", async () => {
    const inA = await newInquiry(clubA.id);
    const inB = await newInquiry(clubB.id);
    const contactMessage = await newInquiry(null);
    const html = await (await page("/dashboard/partner/inquiries", people.admin)).text();
    const ids = listedIds(html);
    expect(ids).toContain(inA.id);
    expect(ids).toContain(inB.id);
    expect(ids).not.toContain(contactMessage.id);
    expect(html).toContain(">Partner</th>");
    expect(html).toContain(clubA.name);
    expect(html).toContain(clubB.name);
  });

  it("is paginated on the server, 25 a page", async () => {
    const club = await createTestPartner(db(), "Busy Roklub");
    const member = await createAccount(site, { role: "partner", partnerId: club.id });
    const base = Date.parse("2027-03-01T09:00:00Z");
    for (let index = 0; index < 26; index += 1) {
      await newInquiry(club.id, { createdAt: new Date(base + index * 60_000) });
    }
    const first = await (await page("/dashboard/partner/inquiries", member)).text();
    expect(listedIds(first)).toHaveLength(25);
    expect(first.replaceAll("<!-- -->", "")).toContain("Page 1 of 2 (26 in all)");
    const second = await (await page("/dashboard/partner/inquiries?page=2", member)).text();
    expect(listedIds(second)).toHaveLength(1);
    const actor = { userId: member.id, role: "partner" as const, partnerIds: [club.id] };
    const { counts } = await listManagedInquiries(db(), actor, { tab: "new", page: 1 });
    expect(counts).toEqual({ new: 26, answered: 0, archived: 0 });
  });
});

describe("one inquiry", () => {
  it("shows the inquiry in full with a reply form", async () => {
    const inquiry = await newInquiry(clubA.id);
    const response = await page(inquiryPath(inquiry.id), people.memberA);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of [inquiry.name, inquiry.email, inquiry.company!, "September 14, 2027", "30"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("Could you host a regatta for our team?");
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Your reply/);
    expect(html).toContain("Their answer goes to events@club-a.example");
  });
});

describe("replying", () => {
  it("emails the visitor, marks the inquiry answered and records who replied", async () => {
    const inquiry = await newInquiry(clubA.id, { createdAt: new Date("2027-01-15T08:30:00Z") });
    const reply = "Dear visitor,\n\nWe would be glad to. The 14th works for us.";
    const response = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "reply", reply },
      people.memberA.cookie,
    );
    expect(response.headers.get("location")).toBe(inquiryPath(inquiry.id));
    const { html } = await followToast(site, response, people.memberA.cookie);
    expect(html).toContain("Your reply has been emailed.");
    expect(html).toContain("Your latest reply");

    const row = await rowOf(inquiry.id);
    expect(row).toMatchObject({ status: "answered", reply, repliedBy: people.memberA.id });
    expect(row?.repliedAt).toBeInstanceOf(Date);

    const [mail, ...more] = await mailsTo(inquiry.email);
    expect(more).toHaveLength(0);
    expect(mail?.replyTo).toBe("events@club-a.example");
    expect(mail?.subject).toBe(`Re: ${inquiry.subject}`);
    expect(mail?.text).toContain("We would be glad to. The 14th works for us.");
    expect(mail?.text).toContain("On January 15, 2027 at 9:30 AM, you wrote:");
    expect(mail?.text).toContain("> Could you host a regatta for our team?\n> We are about 30 people");
    expect(mail?.html).toContain("&gt; Could you host a regatta for our team?");

    const [audit] = await auditOf(inquiry.id);
    expect(audit).toMatchObject({
      action: "inquiry.reply",
      entityType: "inquiry",
      partnerId: clubA.id,
      actorEmail: people.memberA.email,
    });
    expect(audit?.changes).toEqual({
      status: { before: "new", after: "answered" },
      reply: { before: null, after: reply },
    });
  });

  it("uses the replying person's address for a partner without one, and names the partner in the subject", async () => {
    const inquiry = await newInquiry(clubB.id, { subject: null });
    const response = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "reply", reply: "Thank you, we will call you." },
      people.memberB.cookie,
    );
    expect(response.status).toBe(303);
    const [mail] = await mailsTo(inquiry.email);
    expect(mail?.replyTo).toBe(people.memberB.email);
    expect(mail?.subject).toBe(`Re: Your inquiry to ${clubB.name}`);
  });

  it("allows an admin to reply for any partner, with the partner's address to answer to", async () => {
    const inquiry = await newInquiry(clubA.id);
    const response = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "reply", reply: "RCL here, answering for the club." },
      people.admin.cookie,
    );
    expect(response.status).toBe(303);
    expect(await rowOf(inquiry.id)).toMatchObject({ status: "answered", repliedBy: people.admin.id });
    const [mail] = await mailsTo(inquiry.email);
    expect(mail?.replyTo).toBe("events@club-a.example");
  });

  it("accepts a second reply, keeps the latest and records the one it replaced", async () => {
    const inquiry = await newInquiry(clubA.id);
    await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "reply", reply: "First answer." },
      people.memberA.cookie,
    );
    const second = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "reply", reply: "Second answer, with a price." },
      people.memberA.cookie,
    );
    expect(second.status).toBe(303);
    expect((await rowOf(inquiry.id))?.reply).toBe("Second answer, with a price.");
    // Both mails go out; the queue does not promise their order.
    expect((await mailsTo(inquiry.email)).map((mail) => mail.text.split("\n")[2]).sort()).toEqual([
      "First answer.",
      "Second answer, with a price.",
    ]);
    const [latest] = await auditOf(inquiry.id);
    expect(latest?.changes).toEqual({
      reply: { before: "First answer.", after: "Second answer, with a price." },
    });
  });

  it.each([
    ["an empty reply", "   ", "Please write your reply"],
    [
      "a reply of 10,001 characters",
      "x".repeat(10_001),
      "Please keep your reply to 10,000 characters or fewer",
    ],
  ])("refuses %s with 400 and the message, keeping the text", async (_case, reply, message) => {
    const inquiry = await newInquiry(clubA.id);
    const before = await rowOf(inquiry.id);
    const response = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "reply", reply },
      people.memberA.cookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    if (reply.trim()) expect(html).toContain(`>${reply}</textarea>`);
    expect(await rowOf(inquiry.id)).toEqual(before);
    expect(await mailsTo(inquiry.email)).toHaveLength(0);
    expect(await auditOf(inquiry.id)).toHaveLength(0);
  });

  it("accepts a reply of exactly 10,000 characters", async () => {
    const inquiry = await newInquiry(clubA.id);
    const response = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "reply", reply: "y".repeat(10_000) },
      people.memberA.cookie,
    );
    expect(response.status).toBe(303);
  });
});

describe("archiving and reopening", () => {
  it("archives an inquiry and reopens it to the tab it left", async () => {
    const inquiry = await newInquiry(clubA.id);
    const archived = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "archive" },
      people.memberA.cookie,
    );
    expect(archived.headers.get("location")).toBe("/dashboard/partner/inquiries");
    const { html } = await followToast(site, archived, people.memberA.cookie);
    expect(html).toContain("The inquiry has been archived.");
    expect((await rowOf(inquiry.id))?.status).toBe("archived");
    const [archiveAudit] = await auditOf(inquiry.id);
    expect(archiveAudit).toMatchObject({ action: "inquiry.archive", partnerId: clubA.id });
    expect(archiveAudit?.changes).toEqual({ status: { before: "new", after: "archived" } });

    // Archiving twice is refused: nothing left to do.
    const again = await postForm(site, inquiryPath(inquiry.id), { intent: "archive" }, people.memberA.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This inquiry is already archived.");

    const reopened = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "reopen" },
      people.memberA.cookie,
    );
    expect(reopened.headers.get("location")).toBe(inquiryPath(inquiry.id));
    expect((await rowOf(inquiry.id))?.status).toBe("new");
    const [reopenAudit] = await auditOf(inquiry.id);
    expect(reopenAudit).toMatchObject({ action: "inquiry.reopen" });
    expect(reopenAudit?.changes).toEqual({ status: { before: "archived", after: "new" } });

    const notArchived = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "reopen" },
      people.memberA.cookie,
    );
    expect(notArchived.status).toBe(409);
  });

  it("brings an answered inquiry back as answered", async () => {
    const inquiry = await newInquiry(clubA.id, {
      status: "archived",
      reply: "Done",
      repliedAt: new Date(),
    });
    const response = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "reopen" },
      people.memberA.cookie,
    );
    expect(response.status).toBe(303);
    expect((await rowOf(inquiry.id))?.status).toBe("answered");
  });
});

describe("an unknown form", () => {
  it("refuses an unknown form with 400", async () => {
    const inquiry = await newInquiry(clubA.id);
    const response = await postForm(
      site,
      inquiryPath(inquiry.id),
      { intent: "delete" },
      people.memberA.cookie,
    );
    expect(response.status).toBe(400);
    const row = await db()
      .select()
      .from(inquiries)
      .where(and(eq(inquiries.id, inquiry.id), eq(inquiries.status, "new")));
    expect(row).toHaveLength(1);
  });
});
