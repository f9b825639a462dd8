import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, profiles, sessions, users } from "#server/db/schema";
import { createAccount, type TestAccount } from "../../support/accounts";
import {
  allowed,
  castForThisFile,
  everyone,
  forEachActor,
  refused,
  signedInOnly,
  sessionTokenOf,
  signInAgain,
  visit,
  type AuthorizationCase,
  type Target,
} from "./support";

const cast = castForThisFile();
const site = () => cast().site;

const PROFILE = "/dashboard/profile";
/** Only the owner knows it: everyone else's current password is another. */
const OWNER_PASSWORD = "owner-only-harbour-secret";
const NEW_PASSWORD = "a-brand-new-harbour-secret";

// ── The forms, as a browser posts them ─────────────────────────────────────────────
// Each also names the owner, as a forged form would: the commands must act for the
// signed-in person whatever the fields say.

const profileForm = (owner: TestAccount, lastName: string) => ({
  intent: "profile",
  firstName: "Changed",
  lastName,
  company: "",
  userId: owner.id,
});

const passwordForm = (owner: TestAccount) => ({
  intent: "password",
  currentPassword: OWNER_PASSWORD,
  newPassword: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  userId: owner.id,
});

const deleteForm = (owner: TestAccount) => ({
  intent: "delete",
  confirmEmail: owner.email,
  password: OWNER_PASSWORD,
  userId: owner.id,
});

// ── Rows ───────────────────────────────────────────────────────────────────────────

type AccountTarget = Target;

/** A fresh account for each case, as commands here change or end it. */
async function arrangeOwner(): Promise<AccountTarget> {
  return { owner: await createAccount(site(), { password: OWNER_PASSWORD, firstName: "Olivia" }) };
}

async function accountRows(userId: string) {
  const db = site().database.db;
  return {
    user: (await db.select().from(users).where(eq(users.id, userId)))[0],
    profile: (await db.select().from(profiles).where(eq(profiles.userId, userId)))[0],
    credentials: await db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, userId))
      .orderBy(asc(accounts.id)),
    sessions: await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.id)),
  };
}

/** Every account's rows, for commands that could reach anyone's. */
async function allAccountRows() {
  const db = site().database.db;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    profiles: await db.select().from(profiles).orderBy(asc(profiles.userId)),
    credentials: await db.select().from(accounts).orderBy(asc(accounts.id)),
  };
}

type AccountRows = Awaited<ReturnType<typeof accountRows>>;
type AllAccountRows = Awaited<ReturnType<typeof allAccountRows>>;

/** When someone else sent the request, the owner's rows must not have moved. */
async function expectOwnerUntouched(who: string, target: AccountTarget, before: AccountRows) {
  if (who === "owner") return;
  expect(await accountRows(target.owner.id)).toEqual(before);
}

// ── Cases ──────────────────────────────────────────────────────────────────────────

const saveProfile: AuthorizationCase<AccountTarget, AccountRows> = {
  name: "saving a profile",
  arrange: arrangeOwner,
  request: ({ owner }, { who }) => ({ path: PROFILE, form: profileForm(owner, `By ${who}`) }),
  snapshot: (_cast, { owner }) => accountRows(owner.id),
  // Everyone signed in saves a profile: their own, never the one the form names.
  expected: signedInOnly(allowed(303)),
  async verify({ who, target, account, response, before }) {
    expect(response.headers.get("location")).toBe(PROFILE);
    const own = await accountRows(account!.id);
    expect(own.profile?.lastName).toBe(`By ${who}`);
    expect(own.user?.name).toBe(`Changed By ${who}`);
    await expectOwnerUntouched(who, target, before);
  },
};

const changePassword: AuthorizationCase<AccountTarget, AllAccountRows> = {
  name: "changing a password",
  arrange: arrangeOwner,
  request: ({ owner }) => ({ path: PROFILE, form: passwordForm(owner) }),
  snapshot: () => allAccountRows(),
  // The owner's current password is wrong for anyone else's account, which is the one they change.
  expected: signedInOnly(refused(400), { owner: allowed(303) }),
  async verify({ target, response, before }) {
    expect(response.headers.get("location")).toBe(PROFILE);
    const [credential] = await site()
      .database.db.select()
      .from(accounts)
      .where(eq(accounts.userId, target.owner.id));
    const [old] = before.credentials.filter((row) => row.userId === target.owner.id);
    expect(credential?.password).not.toBe(old?.password);
  },
};

const deleteAccount: AuthorizationCase<AccountTarget> = {
  name: "deleting an account",
  arrange: arrangeOwner,
  request: ({ owner }) => ({ path: PROFILE, form: deleteForm(owner) }),
  snapshot: () => allAccountRows(),
  // Confirming with the owner's address deletes nothing of anyone else's: it is not theirs.
  expected: signedInOnly(refused(400), { owner: allowed(303) }),
  async verify({ target, response }) {
    expect(response.headers.get("location")).toBe("/");
    const rows = await accountRows(target.owner.id);
    expect(rows.user).toBeUndefined();
    expect(rows.profile).toBeUndefined();
  },
};

const exportData: AuthorizationCase<AccountTarget> = {
  name: "downloading personal data",
  arrange: arrangeOwner,
  request: ({ owner }) => ({ path: `${PROFILE}/data.json?userId=${owner.id}` }),
  snapshot: (_cast, { owner }) => accountRows(owner.id),
  // An endpoint, not a page: signed-out visitors get 401 rather than a redirect.
  expected: signedInOnly(allowed(200), { "signed out": refused(401) }),
  async verify({ who, target, account, response }) {
    const body = (await response.json()) as { account: { id: string; email: string } };
    expect(body.account).toMatchObject({ id: account!.id, email: account!.email });
    if (who !== "owner") expect(JSON.stringify(body)).not.toContain(target.owner.email);
  },
};

const logOut: AuthorizationCase<AccountTarget, AccountRows> = {
  name: "logging out",
  // A session of its own for the actor, since logging out ends it.
  async arrange(theCast, who) {
    const { owner } = await arrangeOwner();
    if (who === "signed out") return { owner };
    const account = who === "owner" ? owner : theCast.accounts[who];
    return { owner, cookies: { [who]: await signInAgain(site(), account) } };
  },
  request: () => ({ path: "/logout", form: {} }),
  snapshot: (_cast, { owner }) => accountRows(owner.id),
  expected: everyone(allowed(303)),
  async verify({ who, target, account, response, before }) {
    expect(response.headers.get("location")).toBe("/login");
    if (who === "signed out" || !account) {
      expect(await accountRows(target.owner.id)).toEqual(before);
      return;
    }
    // Only the session the request came with ends; the account's other sessions stay.
    const token = sessionTokenOf(target.cookies?.[who] ?? "");
    expect(token).toBeTruthy();
    const own = await accountRows(account.id);
    expect(own.sessions.map((session) => session.token)).not.toContain(token);
    expect(own.sessions.length).toBeGreaterThan(0);
    if (who === "owner") {
      expect(own.sessions).toEqual(before.sessions.filter((session) => session.token !== token));
    } else {
      expect(await accountRows(target.owner.id)).toEqual(before);
    }
  },
};

// ── Tests ──────────────────────────────────────────────────────────────────────────

describe("people change their own account, and nobody else's", () => {
  forEachActor(saveProfile, cast);
  forEachActor(changePassword, cast);
  forEachActor(deleteAccount, cast);
  forEachActor(exportData, cast);

  it("answers the data download with 401 when signed out, and no file", async () => {
    const response = await visit(site(), `${PROFILE}/data.json`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-disposition")).toBeNull();
  });
});

describe("logging out ends only the session it is sent with", () => {
  forEachActor(logOut, cast);
});
