import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, inquiries } from "#server/db/schema";
import { recordingJobs } from "../../support/jobs";
import {
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  signedInOnly,
  visit,
  type AuthorizationCase,
  type Cast,
  type Target,
} from "./support";

const cast = castForThisFile();
const site = () => cast().site;
let outbox: ReturnType<typeof recordingJobs>;

beforeAll(() => {
  outbox = recordingJobs(site().database);
});

// ── The forms, as a browser posts them ─────────────────────────────────────────────

const inquiryPath = (id: string) => `/dashboard/partner/inquiries/${id}`;

const replyForm = { intent: "reply", reply: "Not yours to answer." };
const archiveForm = { intent: "archive" };
const reopenForm = { intent: "reopen" };

// ── Rows ───────────────────────────────────────────────────────────────────────────

type InquiryTarget = Target & { inquiryId: string; email: string };

/** A visitor's inquiry to `partnerId`, or a message to RCL from the contact form (null). */
async function storeInquiry(partnerId: string | null, status: "new" | "archived" = "new") {
  const [row] = await site()
    .database.db.insert(inquiries)
    .values({
      partnerId,
      name: "Visitor",
      email: `visitor-${randomUUID()}@company.example`,
      message: "Could you host a regatta for our team?",
      status,
    })
    .returning();
  return row!;
}

/** A visitor's inquiry to the host partner; its "owner" is the host's member. */
async function arrangeInquiry(theCast: Cast, status: "new" | "archived"): Promise<InquiryTarget> {
  const row = await storeInquiry(theCast.hostPartnerId, status);
  return { owner: theCast.accounts.partner, inquiryId: row.id, email: row.email };
}

/** The inquiry, its audit rows and the mails sent to its visitor. */
async function inquirySnapshot({ inquiryId, email }: InquiryTarget) {
  const { db } = site().database;
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, inquiryId));
  const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, inquiryId));
  const mails = (await outbox.deliver()).filter((mail) => mail.to === email);
  return { row, audit, mails };
}
type InquirySnapshot = Awaited<ReturnType<typeof inquirySnapshot>>;

/**
 * The host's members and admins act; another partner's member is told the inquiry does
 * not exist, and a plain user is sent to their dashboard.
 */
const partnersOwn = signedInOnly(allowed(303), { "other partner": refused(404), user: refused(302) });

// ── Cases ──────────────────────────────────────────────────────────────────────────

const reply: AuthorizationCase<InquiryTarget, InquirySnapshot> = {
  name: "replying to an inquiry",
  arrange: (theCast) => arrangeInquiry(theCast, "new"),
  request: ({ inquiryId }) => ({ path: inquiryPath(inquiryId), form: replyForm }),
  snapshot: (_cast, target) => inquirySnapshot(target),
  expected: partnersOwn,
  async verify({ target }) {
    const after = await inquirySnapshot(target);
    expect(after.row?.status).toBe("answered");
    expect(after.audit).toHaveLength(1);
    expect(after.mails).toHaveLength(1);
  },
};

const archive: AuthorizationCase<InquiryTarget, InquirySnapshot> = {
  name: "archiving an inquiry",
  arrange: (theCast) => arrangeInquiry(theCast, "new"),
  request: ({ inquiryId }) => ({ path: inquiryPath(inquiryId), form: archiveForm }),
  snapshot: (_cast, target) => inquirySnapshot(target),
  expected: partnersOwn,
  async verify({ target }) {
    const after = await inquirySnapshot(target);
    expect(after.row?.status).toBe("archived");
    expect(after.audit).toHaveLength(1);
  },
};

const reopen: AuthorizationCase<InquiryTarget, InquirySnapshot> = {
  name: "reopening an inquiry",
  arrange: (theCast) => arrangeInquiry(theCast, "archived"),
  request: ({ inquiryId }) => ({ path: inquiryPath(inquiryId), form: reopenForm }),
  snapshot: (_cast, target) => inquirySnapshot(target),
  expected: partnersOwn,
  async verify({ target }) {
    const after = await inquirySnapshot(target);
    expect(after.row?.status).toBe("new");
    expect(after.audit).toHaveLength(1);
  },
};

// ── Tests ──────────────────────────────────────────────────────────────────────────

describe("a partner answers, archives and reopens its own inquiries only", () => {
  forEachActor(reply, cast);
  forEachActor(archive, cast);
  forEachActor(reopen, cast);
});

describe("one inquiry", () => {
  it("is 404 for another partner's inquiry, an unknown id and a contact-form message", async () => {
    const { accounts, otherPartnerId } = cast();
    const others = await storeInquiry(otherPartnerId);
    const contactMessage = await storeInquiry(null);
    for (const id of [others.id, randomUUID(), "not-an-id", contactMessage.id]) {
      expect((await visit(site(), inquiryPath(id), accounts.partner.cookie)).status).toBe(404);
    }
    expect((await visit(site(), inquiryPath(contactMessage.id), accounts.admin.cookie)).status).toBe(404);
    const asUser = await visit(site(), inquiryPath(others.id), accounts.user.cookie);
    expect(asUser.headers.get("location")).toBe("/dashboard");
  });
});
