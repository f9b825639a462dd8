import { asc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { partnerApplications, partnerMembers, partners, profiles } from "#server/db/schema";
import { createAccount } from "../../support/accounts";
import { createTestPartner } from "../../support/partners";
import {
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  signedInOnly,
  type AuthorizationCase,
  type Cast,
  type Target,
} from "./support";

const cast = castForThisFile();

/**
 * The admin's partner pages. Everyone but an admin is sent to their own dashboard (302)
 * before the command runs, whatever partner or application the request names.
 */
const adminOnly = signedInOnly(refused(302), { admin: allowed(303) });

let counter = 0;

type ApplicationTarget = Target & { applicationId: string; name: string };

async function pendingApplication(theCast: Cast): Promise<ApplicationTarget> {
  const name = `Authz Applicant ${++counter}`;
  const [row] = await theCast.site.database.db
    .insert(partnerApplications)
    .values({
      organizationName: name,
      organizationType: "venue",
      location: "Odense",
      contactName: "Ada Applicant",
      email: `applicant${counter}-${Date.now()}@venue.example`,
      description: "A venue by the river with boats and a meeting room.",
      message: "We want to host companies.",
    })
    .returning();
  return { owner: theCast.accounts.owner, applicationId: row!.id, name };
}

/** The application and any partner made from it. */
async function applicationSnapshot(theCast: Cast, target: ApplicationTarget) {
  const { db } = theCast.site.database;
  return {
    application: await db
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, target.applicationId)),
    partners: await db.select().from(partners).where(eq(partners.name, target.name)),
  };
}

const approving: AuthorizationCase<ApplicationTarget, Awaited<ReturnType<typeof applicationSnapshot>>> = {
  name: "approving an application",
  arrange: pendingApplication,
  request: (target) => ({
    path: `/dashboard/admin/partners/applications/${target.applicationId}`,
    form: { intent: "approve" },
  }),
  snapshot: applicationSnapshot,
  expected: adminOnly,
  async verify({ cast: theCast, target }) {
    const after = await applicationSnapshot(theCast, target);
    expect(after.application[0]?.status).toBe("approved");
    expect(after.partners).toHaveLength(1);
  },
};

const declining: AuthorizationCase<ApplicationTarget, Awaited<ReturnType<typeof applicationSnapshot>>> = {
  name: "declining an application",
  arrange: pendingApplication,
  request: (target) => ({
    path: `/dashboard/admin/partners/applications/${target.applicationId}`,
    form: { intent: "decline", reason: "Not a fit for corporate events yet." },
  }),
  snapshot: applicationSnapshot,
  expected: adminOnly,
  async verify({ cast: theCast, target }) {
    const after = await applicationSnapshot(theCast, target);
    expect(after.application[0]?.status).toBe("rejected");
  },
};

type NewPartnerTarget = Target & { name: string };

const creating: AuthorizationCase<NewPartnerTarget> = {
  name: "adding a new partner",
  arrange: async (theCast) => ({ owner: theCast.accounts.owner, name: `Authz New Partner ${++counter}` }),
  request: (target) => ({
    path: "/dashboard/admin/partners/new",
    form: {
      name: target.name,
      location: "Vejle",
      email: "hello@vejle.example",
      description: "A fjord club that hosts team days for companies.",
      tier: "basic",
      memberEmail: `first${counter}@vejle.example`,
      memberFirstName: "Vera",
      memberLastName: "Vejle",
    },
  }),
  snapshot: async (theCast, target) =>
    theCast.site.database.db.select().from(partners).where(eq(partners.name, target.name)),
  expected: adminOnly,
};

type PartnerTarget = Target & { partnerId: string };

/** A partner of its own per actor, with one member: the owner. */
async function partnerWithMember(theCast: Cast): Promise<PartnerTarget> {
  const partner = await createTestPartner(theCast.site.database.db, `Authz Managed ${++counter}`);
  const owner = await createAccount(theCast.site, { role: "partner", partnerId: partner.id });
  return { owner, partnerId: partner.id };
}

async function partnerSnapshot(theCast: Cast, target: PartnerTarget) {
  const { db } = theCast.site.database;
  return {
    partner: await db.select().from(partners).where(eq(partners.id, target.partnerId)),
    members: await db
      .select()
      .from(partnerMembers)
      .where(eq(partnerMembers.partnerId, target.partnerId))
      .orderBy(asc(partnerMembers.userId)),
    ownerProfile: await db.select().from(profiles).where(eq(profiles.userId, target.owner.id)),
  };
}

// The partner's own member ("owner") may edit its profile, but not these admin decisions.
const suspending: AuthorizationCase<PartnerTarget> = {
  name: "suspending a partner",
  arrange: partnerWithMember,
  request: (target) => ({
    path: `/dashboard/admin/partners/${target.partnerId}`,
    form: {
      intent: "settings",
      status: "suspended",
      tier: "premium",
      revenueSharePercent: "30",
      featured: "on",
    },
  }),
  snapshot: partnerSnapshot,
  expected: adminOnly,
};

const inviting: AuthorizationCase<PartnerTarget> = {
  name: "inviting a member to a partner",
  arrange: partnerWithMember,
  request: (target) => ({
    path: `/dashboard/admin/partners/${target.partnerId}`,
    form: {
      intent: "invite",
      memberEmail: `invitee${++counter}@club.example`,
      memberFirstName: "Ivo",
      memberLastName: "Invitee",
    },
  }),
  snapshot: partnerSnapshot,
  expected: adminOnly,
};

const removing: AuthorizationCase<PartnerTarget> = {
  name: "removing a partner's member",
  arrange: partnerWithMember,
  request: (target) => ({
    path: `/dashboard/admin/partners/${target.partnerId}`,
    form: { intent: "remove-member", userId: target.owner.id },
  }),
  snapshot: partnerSnapshot,
  expected: adminOnly,
  async verify({ cast: theCast, target }) {
    const after = await partnerSnapshot(theCast, target);
    expect(after.members).toEqual([]);
    expect(after.ownerProfile[0]?.role).toBe("user");
  },
};

describe("partner administration", () => {
  forEachActor(approving, cast);
  forEachActor(declining, cast);
  forEachActor(creating, cast);
  forEachActor(suspending, cast);
  forEachActor(inviting, cast);
  forEachActor(removing, cast);
});
