import { and, eq, gt, sql } from "drizzle-orm";
import { createContext, data, redirect, type MiddlewareFunction } from "react-router";
import { localizedPath, type Locale } from "~/lib/i18n/locale";
import type { Role } from "~/lib/roles";
import type { LoadContext } from "#server/context";
import { preparedStatement } from "#server/db/prepared-statement";
import { partnerMembers, profiles, sessions, users } from "#server/db/schema";
import { isDatabaseUnavailable } from "#server/db/unavailable";
import { actorOf, type Actor } from "./actor";
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from "./auth";
import { canEnterArea, canEnterCheckIn, type Area } from "./policies";
import { m } from "~/paraglide/messages";

/** The signed-in person as pages see them. */
export type Viewer = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  role: Role;
  /** The language of their signed-in pages and mails (ADR 033). */
  language: Locale;
  /** Partner organisations this person may act for. */
  partnerIds: string[];
  /** Partners this person checks teams in for as staff, and nothing more (ADR 038). */
  checkInPartnerIds: string[];
  /** What commands and scoped queries are given: who acts, made once per request. */
  actor: Actor;
};

type ViewerLookup = { viewer: Viewer | null; headers: Headers };

// The root, layout and page loaders of one request share the same Request object;
// remembering the lookup spares each of them the same queries. Only for reads:
// after an action the loaders must see what it changed.
const lookups = new WeakMap<Request, Promise<ViewerLookup>>();
const READS = new Set(["GET", "HEAD"]);

/**
 * The visitor's session and profile, with any Set-Cookie better-auth sent while reading
 * them (it extends a session now and then). The root loader passes those headers on.
 */
export function lookUpViewer(request: Request, context: LoadContext): Promise<ViewerLookup> {
  if (!READS.has(request.method)) return readViewer(request, context);
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = readViewer(request, context);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The visitor's session and profile, or null when signed out, the session has ended or the account is disabled. */
export async function getViewer(request: Request, context: LoadContext): Promise<Viewer | null> {
  return (await lookUpViewer(request, context)).viewer;
}

/** better-auth's session cookie, by either of its names (server/auth/auth.ts): over http and over https. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?rcl\.session_token=/;

async function readViewer(request: Request, context: LoadContext): Promise<ViewerLookup> {
  // Without a session cookie there is no session to find: an anonymous visitor costs no
  // query and never reaches the auth library (ADR 024).
  if (!SESSION_COOKIE.test(request.headers.get("cookie") ?? ""))
    return { viewer: null, headers: new Headers() };
  return (await readCurrentSession(request, context)) ?? readThroughLibrary(request, context);
}

/**
 * The usual case in one query, without better-auth: a session cookie with a good signature,
 * whose session is current and not yet due for its daily extension. Anything else (no
 * such session, an expired one, one to extend, a stale cookie to clear) is better-auth's to
 * answer, with the headers it sets: null.
 */
async function readCurrentSession(request: Request, context: LoadContext): Promise<ViewerLookup | null> {
  const cookie = context.auth.sessionCookie(request);
  if (!cookie) return null;
  // better-auth extends a session once its expiry is less than expiresIn - updateAge away,
  // and never one whose person chose not to be remembered (it lasts a day).
  const now = Date.now();
  const extendFrom = cookie.extended ? now + (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000 : now;
  // A failure here is the database's own error, which the host answers 503 when it is short.
  const [row] = await currentSession(context.db).execute({
    token: cookie.token,
    extendFrom: new Date(extendFrom).toISOString(),
  });
  if (!row) return null;
  const { profile, userId, email, memberships } = row;
  return { viewer: profile ? viewerOf(userId, email, profile, memberships) : null, headers: new Headers() };
}

/** The session with its person, profile and partners, while current and not due for extension. */
const currentSession = preparedStatement((db) =>
  db
    .select({
      userId: users.id,
      email: users.email,
      profile: profiles,
      memberships: sql<Membership[]>`coalesce((
        select json_agg(json_build_object('partnerId', ${partnerMembers.partnerId}, 'role', ${partnerMembers.role}))
        from ${partnerMembers} where ${partnerMembers.userId} = ${sessions.userId}
      ), '[]')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, sessions.userId))
    .where(
      and(
        eq(sessions.token, sql.placeholder("token")),
        gt(sessions.expiresAt, sql.placeholder("extendFrom")),
      ),
    )
    .prepare("viewer_current_session"),
);

async function readThroughLibrary(request: Request, context: LoadContext): Promise<ViewerLookup> {
  const { headers, response: session } = await readSession(request, context);
  if (!session) return { viewer: null, headers };
  const [profile] = await context.db.select().from(profiles).where(eq(profiles.userId, session.user.id));
  const memberships = await context.db
    .select({ partnerId: partnerMembers.partnerId, role: partnerMembers.role })
    .from(partnerMembers)
    .where(eq(partnerMembers.userId, session.user.id));
  return {
    viewer: profile ? viewerOf(session.user.id, session.user.email, profile, memberships) : null,
    headers,
  };
}

type Membership = { partnerId: string; role: (typeof partnerMembers.$inferSelect)["role"] };

/** The viewer of a session, or null when the account is disabled. */
function viewerOf(
  id: string,
  email: string,
  profile: typeof profiles.$inferSelect,
  memberships: Membership[],
): Viewer | null {
  // Disabling an account deletes its sessions; a session that still turns up is refused too.
  if (profile.disabledAt) return null;
  const partnerIds = memberships.filter((row) => row.role === "member").map((row) => row.partnerId);
  const checkInPartnerIds = memberships.filter((row) => row.role === "check_in").map((row) => row.partnerId);
  return {
    id,
    email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    company: profile.company,
    role: profile.role,
    language: profile.language,
    partnerIds,
    checkInPartnerIds,
    actor: actorOf({ id, role: profile.role, partnerIds, checkInPartnerIds }),
  };
}

/**
 * better-auth's session lookup. When it fails, the library answers with its own "Failed
 * to get session", which names the database's error only as its cause, if at all: when
 * that cause does not tell, the database is asked the cheapest question there is, and if
 * that fails too the request meets a database that is short (answered 503, ADR 021), not
 * a broken session (a real failure, answered 500).
 */
async function readSession(request: Request, context: LoadContext) {
  try {
    return await context.auth.api.getSession({ headers: request.headers, returnHeaders: true });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    throw (await databaseShortage(context)) ?? error;
  }
}

/** The error of a `select 1` when the database is short right now, else null. */
async function databaseShortage(context: LoadContext): Promise<unknown> {
  try {
    await context.db.execute(sql`select 1`);
    return null;
  } catch (error) {
    return isDatabaseUnavailable(error) ? error : null;
  }
}

/** A path a browser would read as another host ("//evil.example", "/\\evil.example"). */
const leavesTheSite = (path: string) =>
  !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\");

/** The path with its percent-escapes decoded, or null when they are malformed. */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Only same-site paths are followed after sign-in; anything else goes to the dashboard.
 * The URL parser drops tabs and newlines and resolves dot segments as a browser does, so
 * "/\t/evil.example" and "/.//evil.example" are judged by what they become.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/dashboard"): string {
  if (!target || leavesTheSite(target)) return fallback;
  try {
    const url = new URL(target, "https://rcl.invalid");
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Normalising can turn "/.//evil.example" into "//evil.example", so the result is
    // checked too; and a router that decodes "/%2F%2Fevil.example" must not find a host in it.
    const decoded = decodedPath(url.pathname);
    return url.origin === "https://rcl.invalid" && !leavesTheSite(path) && decoded && !leavesTheSite(decoded)
      ? path
      : fallback;
  } catch {
    return fallback;
  }
}

/** The address of the page being served, as React Router gives it to middleware. */
const pageUrl = createContext<URL | null>(null);

/**
 * Root middleware: keeps the page's address for the way back after sign-in. Loaders see
 * the raw request (v8_passThroughRequests), whose URL on a client-side navigation is
 * the page's data URL (`/dashboard.data?_routes=…`); React Router's `url` is the page's.
 */
export const keepPageUrl: MiddlewareFunction<Response> = ({ url, context }) => {
  context.set(pageUrl, url);
};

function loginRedirect(request: Request, context: LoadContext) {
  const { pathname, search } = context.get(pageUrl) ?? new URL(request.url);
  return redirect(localizedPath(`/login?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`));
}

/** For pages: a signed-out visitor is sent to sign in and brought back afterwards. */
export async function requireUser(request: Request, context: LoadContext): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw loginRedirect(request, context);
  return viewer;
}

/**
 * For pages of a dashboard area: people the area's rule (server/auth/policies.ts) keeps
 * out are sent to their own dashboard.
 */
export async function requireArea(request: Request, context: LoadContext, area: Area): Promise<Viewer> {
  const viewer = await requireUser(request, context);
  if (!canEnterArea(viewer.actor, area)) throw redirect("/dashboard");
  return viewer;
}

/**
 * The day's pages (crew lists, check-in): partners' members, admins, and check-in staff,
 * who reach nothing else of the partner area (ADR 038). Others go to their dashboard.
 */
export async function requireCheckIn(request: Request, context: LoadContext): Promise<Viewer> {
  const viewer = await requireUser(request, context);
  if (!canEnterCheckIn(viewer.actor)) throw redirect("/dashboard");
  return viewer;
}

/** For endpoints that are not pages: 401 when signed out, 403 outside the area. */
export async function requireApiArea(
  request: Request,
  context: LoadContext,
  area: Area = "user",
): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw data({ error: m.err_sign_in_to_continue() }, { status: 401 });
  if (!canEnterArea(viewer.actor, area)) throw data({ error: m.err_forbidden() }, { status: 403 });
  return viewer;
}

/**
 * For the check-in page's data and queue (ADR 038), read by its own script: 401 when
 * signed out or the session ended (the page keeps its queue and asks to sign in again),
 * 403 for someone who checks teams in for nobody. Answers in JSON, never a redirect.
 */
export async function requireApiCheckIn(request: Request, context: LoadContext): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer)
    throw data({ error: "signed_out" }, { status: 401, headers: { "Cache-Control": "private, no-store" } });
  if (!canEnterCheckIn(viewer.actor)) throw data({ error: "forbidden" }, { status: 403 });
  return viewer;
}
