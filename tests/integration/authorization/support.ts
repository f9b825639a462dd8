/**
 * Authorisation tests: every command that changes data, sent through HTTP as each kind
 * of actor, with the rows it could touch read before and after.
 *
 * How to add a command's cases:
 * 1. In the area's test file, write an `AuthorizationCase`:
 *    - `arrange` makes what the command acts on, fresh for each actor (a booking, an
 *      account, an event) and returns it as the target; its `owner` is whose row it is.
 *    - `request` gives the path and the form fields (or no fields, for a GET). Keep the
 *      fields in one function per command, so a renamed form field is one edit.
 *    - `snapshot` reads every row the command could change (whole rows, not a column).
 *      A refused request must leave it exactly as it was.
 *    - `expected` says what each actor gets: `refused(404)`, `toLogin`, or `allowed(303)`;
 *      `signedInOnly(outcome, { owner: … })` and `everyone(outcome)` fill the usual tables.
 *    - `verify` (optional) checks what an allowed request did, for example that the row
 *      created belongs to the actor and to nobody else. Give the case its snapshot's type
 *      (`AuthorizationCase<Target, Row[]>`) to read `before` in it.
 * 2. Call `forEachActor(kase, cast)` inside a `describe`, with `cast = castForThisFile()`;
 *    it adds one test per actor.
 * 3. What a case cannot say (a command called directly, an unknown or malformed id, a
 *    header that must be missing) is a plain test beside the cases, on the same cast:
 *    `actorOf` and `servicesOf` for direct calls, `visit` and `cookieOf` for requests.
 *
 * A refusal is asserted by its status and by the snapshot being unchanged, never by the
 * page's wording, so these tests survive changes to forms and pages.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import { createTestPartner } from "../../support/partners";
import { createAccount, postForm, postMultipart, type TestAccount } from "../../support/accounts";
import { adminActor, partnerActor, plainActor } from "../../support/event-publishing";
import { createTestSite, type TestSite } from "../../support/http-app";

/**
 * Who sends the request:
 * - owner: the person the target row belongs to (the booker, the account holder);
 * - partner: a member of the partner the row belongs to through its event (for rows
 *   without one, simply a partner member who is not the owner);
 * - other partner: a member of another partner;
 * - user: a signed-in person with no tie to the row;
 * - admin: an administrator;
 * - signed out: no session at all.
 */
export const ACTORS = ["owner", "partner", "other partner", "user", "admin", "signed out"] as const;
export type ActorKind = (typeof ACTORS)[number];
export type SignedIn = Exclude<ActorKind, "signed out">;

/** The people and partners every case of a file shares. */
export type Cast = {
  site: TestSite;
  /** The partner whose events the targets are (the "partner" actor is its member). */
  hostPartnerId: string;
  hostPartnerSlug: string;
  otherPartnerId: string;
  /** Every signed-in actor; a case's target may bring its own owner instead. */
  accounts: Record<SignedIn, TestAccount>;
};

/** Two partners, and one signed-in account for each kind of actor. */
async function createCast(site: TestSite): Promise<Cast> {
  const host = await createTestPartner(site.database.db, "Host Rowing Club");
  const other = await createTestPartner(site.database.db, "Other Rowing Club");
  const hostPartnerId = host.id;
  const otherPartnerId = other.id;
  return {
    site,
    hostPartnerId,
    hostPartnerSlug: host.slug,
    otherPartnerId,
    accounts: {
      owner: await createAccount(site, { firstName: "Olivia", lastName: "Owner" }),
      partner: await createAccount(site, { role: "partner", partnerId: hostPartnerId, firstName: "Hans" }),
      "other partner": await createAccount(site, {
        role: "partner",
        partnerId: otherPartnerId,
        firstName: "Petra",
      }),
      user: await createAccount(site, { firstName: "Ulrik" }),
      admin: await createAccount(site, { role: "admin", firstName: "Anna" }),
    },
  };
}

type SiteOptions = NonNullable<Parameters<typeof createTestSite>[0]>;

/**
 * A site and cast for the calling test file: made before its tests, closed after them.
 * Read it inside tests and helpers (`cast().site`), once the tests run. `siteOptions`
 * gives the site what a file needs of its own, such as a file store it can list.
 */
export function castForThisFile(
  siteOptions: () => SiteOptions | Promise<SiteOptions> = () => ({}),
): () => Cast {
  let cast: Cast | undefined;
  beforeAll(async () => {
    // Each post comes from its own address (postForm), so per-address limits stay out of the way.
    cast = await createCast(await createTestSite({ ...(await siteOptions()), trustProxy: true }));
  });
  afterAll(async () => {
    await cast?.site.background.settled();
    await cast?.site.close();
  });
  return () => {
    if (!cast) throw new Error("The cast is made in beforeAll; read it inside a test.");
    return cast;
  };
}

/** The actor a signed-in kind is, for tests that call a command or a read directly. */
export function actorOf(cast: Cast, who: SignedIn): Actor {
  const account = cast.accounts[who];
  if (who === "admin") return adminActor(account);
  if (who === "partner") return partnerActor(account, cast.hostPartnerId);
  if (who === "other partner") return partnerActor(account, cast.otherPartnerId);
  return plainActor(account);
}

/** What the commands are given, for tests that call them directly. */
export const servicesOf = ({ site }: Cast) => ({
  db: site.database.db,
  jobs: site.jobs,
  baseUrl: site.baseUrl,
});

/** The session cookie a kind of actor sends; none when signed out. */
export const cookieOf = (cast: Cast, who: ActorKind): string | undefined =>
  who === "signed out" ? undefined : cast.accounts[who].cookie;

/** A visit as a browser makes it, signed in when given a cookie; a redirect is the answer. */
export function visit(site: TestSite, path: string, cookie?: string): Promise<Response> {
  return site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

/** A new session for an account, for cases that end sessions (logout, password change). */
export async function signInAgain(site: TestSite, account: TestAccount): Promise<string> {
  const { headers } = await site.auth.api.signInEmail({
    body: { email: account.email, password: account.password },
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

/** The session token a Cookie header carries (better-auth signs it: `token.signature`). */
export function sessionTokenOf(cookie: string): string | undefined {
  const pair = cookie.split("; ").find((part) => part.split("=")[0]?.endsWith("session_token"));
  const value = pair?.slice(pair.indexOf("=") + 1);
  return value === undefined ? undefined : decodeURIComponent(value).split(".")[0];
}

/** The account each actor kind signs in as for this target. */
function accountOf(cast: Cast, target: Target, who: SignedIn): TestAccount {
  return who === "owner" ? target.owner : cast.accounts[who];
}

export type Outcome =
  /** The command ran (or answered) for this actor; `verify` checks what it did. */
  | { kind: "allowed"; status: number }
  /** Refused with this status, and nothing changed. */
  | { kind: "refused"; status: number }
  /** Sent to sign in and brought back to the page afterwards, and nothing changed. */
  | { kind: "login" };

export const allowed = (status: number): Outcome => ({ kind: "allowed", status });
export const refused = (status: number): Outcome => ({ kind: "refused", status });
const toLogin: Outcome = { kind: "login" };

export type Target = {
  /** Whose row this is: the "owner" actor signs in as them. */
  owner: TestAccount;
  /** Sessions to use instead of the cast's, for cases whose command ends the session it is sent with. */
  cookies?: Partial<Record<SignedIn, string>>;
};

type Sent = {
  path: string;
  /** The form's fields as a browser posts them; without them the request is a GET. */
  form?: Record<string, string>;
  /** Files sent with the form, as multipart (uploads). */
  files?: Record<string, File>;
};

type CaseContext<T extends Target, S> = {
  cast: Cast;
  target: T;
  who: ActorKind;
  /** The account the request was sent as, or null when signed out. */
  account: TestAccount | null;
  response: Response;
  /** The snapshot taken before the request. */
  before: S;
};

/** `T` is what the case acts on, `S` what its snapshot reads. */
export type AuthorizationCase<T extends Target, S = unknown> = {
  name: string;
  arrange: (cast: Cast, who: ActorKind) => Promise<T>;
  request: (target: T, context: { cast: Cast; who: ActorKind; account: TestAccount | null }) => Sent;
  snapshot: (cast: Cast, target: T) => Promise<S>;
  expected: Record<ActorKind, Outcome>;
  verify?: (context: CaseContext<T, S>) => Promise<void> | void;
};

/** The same answer for everyone signed in, and the login page for signed-out visitors. */
export function signedInOnly(outcome: Outcome, overrides: Partial<Record<ActorKind, Outcome>> = {}) {
  return {
    owner: outcome,
    partner: outcome,
    "other partner": outcome,
    user: outcome,
    admin: outcome,
    "signed out": toLogin,
    ...overrides,
  } satisfies Record<ActorKind, Outcome>;
}

/** The same answer for everyone, signed in or not. */
export const everyone = (outcome: Outcome): Record<ActorKind, Outcome> =>
  signedInOnly(outcome, { "signed out": outcome });

function send(site: TestSite, { path, form, files }: Sent, cookie: string | undefined): Promise<Response> {
  if (files) return postMultipart(site, path, form ?? {}, files, cookie);
  if (form) return postForm(site, path, form, cookie);
  return visit(site, path, cookie);
}

/** Where a page sends a signed-out visitor: to sign in, then back to `path`. */
export const loginLocation = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;

/** Adds one test per actor for `kase`; `cast` is read when the tests run (see castForThisFile). */
export function forEachActor<T extends Target, S>(kase: AuthorizationCase<T, S>, cast: () => Cast): void {
  it.each(ACTORS)(`${kase.name} as %s`, async (who) => {
    const theCast = cast();
    const target = await kase.arrange(theCast, who);
    const account = who === "signed out" ? null : accountOf(theCast, target, who);
    const cookie = who === "signed out" ? undefined : (target.cookies?.[who] ?? account?.cookie);
    const sent = kase.request(target, { cast: theCast, who, account });
    const before = await kase.snapshot(theCast, target);

    const response = await send(theCast.site, sent, cookie);

    const expected = kase.expected[who];
    if (expected.kind === "login") {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(loginLocation(sent.path));
    } else {
      expect(response.status).toBe(expected.status);
    }
    if (expected.kind !== "allowed") {
      expect(await kase.snapshot(theCast, target)).toEqual(before);
      return;
    }
    await kase.verify?.({ cast: theCast, target, who, account, response, before });
  });
}
