import { asc } from "drizzle-orm";
import { describe, expect } from "vitest";
import { inquiries, partnerApplications, profiles, users } from "#server/db/schema";
import { createAccount } from "../../support/accounts";
import { createTestPartner } from "../../support/partners";
import {
  allowed,
  castForThisFile,
  everyone,
  forEachActor,
  refused,
  type AuthorizationCase,
  type Cast,
  type Target,
} from "./support";

const cast = castForThisFile();
const site = () => cast().site;

// ── What each form answers on success ──────────────────────────────────────────────

/** Every public form redirects after the post, with a toast or to a confirmation page. */
const REDIRECTED = 303;

// ── The forms, as a browser posts them ─────────────────────────────────────────────
// Each carries fields a forged form might add (another partner, a status, a role, a
// user id): the commands must store what the public form stands for and nothing more.

let counter = 0;
const uniqueEmail = (who: string) => `${who.replace(/\s+/g, "-")}-${++counter}-${Date.now()}@example.dk`;

const contactForm = (email: string, smuggledPartnerId: string) => ({
  name: "Clara Contact",
  email,
  company: "",
  subject: "A team day in May",
  message: "We would like to row with forty colleagues.",
  partnerId: smuggledPartnerId,
});

const inquiryForm = (email: string, smuggledPartnerId: string) => ({
  name: "Ivan Inquirer",
  email,
  company: "Harbour Legal",
  message: "Could you host our team for an afternoon?",
  preferredDate: "",
  groupSize: "16",
  partnerId: smuggledPartnerId,
});

const applicationForm = (email: string, smuggledPartnerId: string) => ({
  organizationName: "Fjord Rowers",
  organizationType: "rowing_club",
  location: "Aarhus",
  website: "fjord-rowers.dk",
  contactName: "Freja Fjord",
  email,
  phone: "",
  description: "A rowing club on the fjord with eight-person boats.",
  message: "We would like to host corporate events.",
  status: "approved",
  partnerId: smuggledPartnerId,
});

const signUpForm = (email: string, smuggledUserId: string) => ({
  firstName: "Sven",
  lastName: "Signup",
  email,
  company: "",
  password: "a-long-harbour-passphrase",
  confirmPassword: "a-long-harbour-passphrase",
  acceptTerms: "on",
  role: "admin",
  userId: smuggledUserId,
});

// ── Rows ───────────────────────────────────────────────────────────────────────────

type FormTarget = Target & { email: string };

const arrangeSender = async (theCast: Cast, who: string): Promise<FormTarget> => ({
  owner: theCast.accounts.owner,
  email: uniqueEmail(who),
});

type Inquiry = typeof inquiries.$inferSelect;
type Application = typeof partnerApplications.$inferSelect;
type Accounts = Awaited<ReturnType<typeof allAccounts>>;

const allInquiries = (): Promise<Inquiry[]> =>
  site().database.db.select().from(inquiries).orderBy(asc(inquiries.id));
const allApplications = (): Promise<Application[]> =>
  site().database.db.select().from(partnerApplications).orderBy(asc(partnerApplications.id));

async function allAccounts() {
  return {
    users: await site().database.db.select().from(users).orderBy(asc(users.id)),
    profiles: await site().database.db.select().from(profiles).orderBy(asc(profiles.userId)),
  };
}

/** The rows added since `before`, which held every row of the table then. */
function added<Row extends { id: string }>(before: Row[], after: Row[]): Row[] {
  const earlier = new Set(before.map((row) => row.id));
  return after.filter((row) => !earlier.has(row.id));
}

// ── Cases ──────────────────────────────────────────────────────────────────────────

const contact: AuthorizationCase<FormTarget, Inquiry[]> = {
  name: "writing to RCL",
  arrange: arrangeSender,
  request: ({ email }, { cast: theCast }) => ({
    path: "/contact",
    form: contactForm(email, theCast.otherPartnerId),
  }),
  snapshot: () => allInquiries(),
  expected: everyone(allowed(REDIRECTED)),
  async verify({ target, before }) {
    const rows = added(before, await allInquiries());
    expect(rows).toHaveLength(1);
    // A message to RCL, never into a partner's inbox.
    expect(rows[0]).toMatchObject({ email: target.email, partnerId: null });
  },
};

const inquire: AuthorizationCase<FormTarget, Inquiry[]> = {
  name: "writing to a partner",
  arrange: arrangeSender,
  request: ({ email }, { cast: theCast }) => ({
    path: `/partners/${theCast.hostPartnerSlug}/inquire`,
    form: inquiryForm(email, theCast.otherPartnerId),
  }),
  snapshot: () => allInquiries(),
  expected: everyone(allowed(REDIRECTED)),
  async verify({ cast: theCast, target, before }) {
    const rows = added(before, await allInquiries());
    expect(rows).toHaveLength(1);
    // The partner of the page, whatever the form says.
    expect(rows[0]).toMatchObject({ email: target.email, partnerId: theCast.hostPartnerId });
  },
};

type PendingPartnerTarget = FormTarget & { slug: string };

const inquireUnapproved: AuthorizationCase<PendingPartnerTarget> = {
  name: "writing to a partner that is not approved",
  async arrange(theCast, who) {
    const pending = await createTestPartner(site().database.db, "Pending Rowing Club", { status: "pending" });
    return { ...(await arrangeSender(theCast, who)), slug: pending.slug };
  },
  request: ({ email, slug }, { cast: theCast }) => ({
    path: `/partners/${slug}/inquire`,
    form: inquiryForm(email, theCast.hostPartnerId),
  }),
  snapshot: () => allInquiries(),
  expected: everyone(refused(404)),
};

const apply: AuthorizationCase<FormTarget, Application[]> = {
  name: "applying to become a partner",
  arrange: arrangeSender,
  request: ({ email }, { cast: theCast }) => ({
    path: "/partners/apply",
    form: applicationForm(email, theCast.hostPartnerId),
  }),
  snapshot: () => allApplications(),
  expected: everyone(allowed(REDIRECTED)),
  async verify({ target, response, before }) {
    expect(response.headers.get("location")).toBe("/partners/apply/submitted");
    const rows = added(before, await allApplications());
    expect(rows).toHaveLength(1);
    // Admins decide; an application never approves itself or joins an existing partner.
    expect(rows[0]).toMatchObject({ email: target.email, status: "pending", partnerId: null });
  },
};

const signUp: AuthorizationCase<FormTarget, Accounts> = {
  name: "signing up",
  arrange: arrangeSender,
  request: ({ email, owner }) => ({ path: "/signup", form: signUpForm(email, owner.id) }),
  snapshot: () => allAccounts(),
  expected: everyone(allowed(REDIRECTED)),
  async verify({ target, response, before: earlier }) {
    expect(response.headers.get("location")).toBe("/signup");
    const now = await allAccounts();
    const newUsers = added(earlier.users, now.users);
    expect(newUsers).toHaveLength(1);
    expect(newUsers[0]).toMatchObject({ email: target.email, emailVerified: false });
    // A new person with the plain role; everyone who was there before is as they were.
    const [profile] = now.profiles.filter((row) => row.userId === newUsers[0]!.id);
    expect(profile).toMatchObject({ role: "user", firstName: "Sven", lastName: "Signup" });
    expect(now.users.filter((row) => row.id !== newUsers[0]!.id)).toEqual(earlier.users);
    expect(now.profiles.filter((row) => row.userId !== newUsers[0]!.id)).toEqual(earlier.profiles);
  },
};

const signUpAsExisting: AuthorizationCase<Target> = {
  name: "signing up with someone's existing address",
  // An owner per actor, as sign-ups are limited per address.
  arrange: async () => ({ owner: await createAccount(site(), { firstName: "Olivia", lastName: "Owner" }) }),
  request: ({ owner }) => ({ path: "/signup", form: signUpForm(owner.email, owner.id) }),
  snapshot: () => allAccounts(),
  // It answers like a new sign-up (so addresses cannot be tested for an account)...
  expected: everyone(allowed(REDIRECTED)),
  async verify({ before }) {
    // ...but neither creates an account nor renames or promotes the existing one.
    expect(await allAccounts()).toEqual(before);
  },
};

// ── Tests ──────────────────────────────────────────────────────────────────────────

describe("messages: anyone may write, to RCL or to the partner whose page it is", () => {
  forEachActor(contact, cast);
  forEachActor(inquire, cast);
  forEachActor(inquireUnapproved, cast);
});

describe("partner applications: anyone may apply, and an application stays pending", () => {
  forEachActor(apply, cast);
});

describe("sign-up: anyone may sign up, only ever as a new plain user", () => {
  forEachActor(signUp, cast);
  forEachActor(signUpAsExisting, cast);
});
