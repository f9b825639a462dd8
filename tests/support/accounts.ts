import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { outboxEmails, partnerMembers, profiles, users } from "#server/db/schema";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { TEST_BASE_URL, type TestSite } from "./http-app";

export type TestAccount = { id: string; email: string; password: string; cookie: string };

/** The cookies a response sets, as a Cookie header for the next request. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

let counter = 0;

/** A verified account with a role, signed in: its session cookie is ready to send. */
export async function createAccount(
  site: TestSite,
  {
    role = "user",
    email = `person${++counter}-${Date.now()}@example.dk`,
    password = "correct-horse-battery",
    firstName = "Test",
    lastName = "Person",
    partnerId,
    memberRole = "member",
  }: {
    role?: "user" | "partner" | "admin";
    /** With `partnerId`: a full member, or check-in staff (ADR 038). */
    memberRole?: "member" | "check_in";
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    partnerId?: string;
  } = {},
): Promise<TestAccount> {
  const { user } = await site.auth.api.signUpEmail({
    body: { name: `${firstName} ${lastName}`, email, password },
  });
  await site.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await site.database.db
    .update(profiles)
    .set({ role, firstName, lastName })
    .where(eq(profiles.userId, user.id));
  if (partnerId)
    await site.database.db.insert(partnerMembers).values({ partnerId, userId: user.id, role: memberRole });
  const { headers } = await site.auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { id: user.id, email, password, cookie };
}

/** The newest mail in the dev outbox for `to`, optionally with a subject. */
export async function lastMailTo(site: TestSite, to: string, subject?: string) {
  // Mail is queued with the change; run the queue as a worker would.
  await site.runDueJobs();
  const [mail] = await site.database.db
    .select()
    .from(outboxEmails)
    .where(
      subject ? and(eq(outboxEmails.to, to), eq(outboxEmails.subject, subject)) : eq(outboxEmails.to, to),
    )
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return mail ?? null;
}

/** The first link in a mail's text. */
export function linkIn(text: string): string {
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`No link in mail:\n${text}`);
  return link;
}

let lastAddress = 0;
/** A different client address for each call, so tests do not share rate limits (with trustProxy). */
function nextClientAddress(): string {
  lastAddress += 1;
  return `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

/** Posts a form like a browser without JavaScript, optionally signed in. */
export async function postForm(
  site: TestSite,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
) {
  return site.request(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: TEST_BASE_URL,
      "X-Forwarded-For": nextClientAddress(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** Posts a form with files (multipart) like a browser's upload, optionally signed in. */
export async function postMultipart(
  site: TestSite,
  path: string,
  fields: Record<string, string>,
  files: Record<string, File>,
  cookie?: string,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, file] of Object.entries(files)) body.set(name, file);
  return site.request(path, {
    method: "POST",
    headers: {
      Origin: TEST_BASE_URL,
      "X-Forwarded-For": nextClientAddress(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
    redirect: "manual",
  });
}

/** A plain user acting, for tests that call commands directly. */
export function userActor(userId: string): Actor {
  return { userId, role: "user", partnerIds: [] };
}

let bookerCount = 0;

/** A verified person who books, stored directly: for domain tests that need no session. */
export async function createBooker(db: Database, prefix = "booker"): Promise<string> {
  bookerCount += 1;
  const id = `${prefix}-${bookerCount}-${randomUUID().slice(0, 6)}`;
  await db
    .insert(users)
    .values({ id, name: `Booker ${bookerCount}`, email: `${id}@example.dk`, emailVerified: true });
  return id;
}
