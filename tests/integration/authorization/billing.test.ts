import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { confirmVatStatus } from "#server/billing/confirm-vat-status";
import { updateBillingProfile } from "#server/billing/update-billing-profile";
import { auditLog, invoices, partnerBillingProfiles, teamRegistrations } from "#server/db/schema";
import { isAppError } from "#server/errors";
import { createBillingProfile } from "../../support/billing";
import { createTestEvent } from "../../support/events";
import { createTestPartner } from "../../support/partners";
import {
  actorOf,
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  servicesOf,
  signedInOnly,
  type AuthorizationCase,
  type Cast,
  type Target,
} from "./support";

// A partner's billing details (/dashboard/partner/billing): its members and admins save
// them, another partner's member is told "not found". Confirming the moms status, which
// invoices the bookings that waited for it, is an admin's alone.

const cast = castForThisFile();
const db = () => cast().site.database.db;

type PartnerTarget = Target & { partnerId: string };

const billingPath = (partnerId: string) => `/dashboard/partner/billing?partner=${partnerId}`;

let saves = 0;

function billingForm(bankAccount: string): Record<string, string> {
  return {
    legalName: "Host Rowing Club",
    addressLine: "Strandvænget 46",
    postalCode: "2100",
    city: "København Ø",
    cvr: "29403473",
    vatStatus: "exempt",
    bankRegistration: "1551",
    bankAccount,
    fiCreditorNumber: "",
    invoicePrefix: "HRC-",
    paymentTermsDays: "14",
    invoiceEmail: "kasserer@host-club.example",
  };
}

/** The partner's billing profile and the audit rows of its changes: a refused request leaves both. */
async function billingSnapshot(partnerId: string) {
  const [profile] = await db()
    .select()
    .from(partnerBillingProfiles)
    .where(eq(partnerBillingProfiles.partnerId, partnerId));
  const audit = await db()
    .select({ id: auditLog.id, action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.partnerId, partnerId));
  const documents = await db().select().from(invoices).where(eq(invoices.sellerPartnerId, partnerId));
  return { profile: profile ?? null, audit, documents };
}

type Snapshot = Awaited<ReturnType<typeof billingSnapshot>>;

/**
 * The host partner's billing details; its "owner" is the host's member. Each allowed save
 * stores an account number of its own, so each is a change.
 */
const savingBillingDetails: AuthorizationCase<PartnerTarget, Snapshot> = {
  name: "saving a partner's billing details",
  arrange: async (theCast) => ({ owner: theCast.accounts.partner, partnerId: theCast.hostPartnerId }),
  request: (target) => ({ path: billingPath(target.partnerId), form: billingForm(String(1000 + ++saves)) }),
  snapshot: (_cast, target) => billingSnapshot(target.partnerId),
  expected: signedInOnly(allowed(303), { "other partner": refused(404), user: refused(302) }),
  async verify({ target, before }) {
    const after = await billingSnapshot(target.partnerId);
    expect(after.profile?.bankAccount).toBe(String(1000 + saves));
    expect(after.audit.filter((row) => row.action === "billing_profile.update")).toHaveLength(
      before.audit.filter((row) => row.action === "billing_profile.update").length + 1,
    );
  },
};

let partnerCount = 0;

type WaitingTarget = PartnerTarget & { registrationId: string };

/**
 * A partner of its own per actor, whose billing profile waits for an admin, with a booking
 * of the owner confirmed meanwhile for an event that has not started.
 */
async function waitingPartner(theCast: Cast): Promise<WaitingTarget> {
  const partner = await createTestPartner(db(), `Authz Billing ${++partnerCount}`);
  await createBillingProfile(db(), partner.id, { vatConfirmedAt: null, invoicePrefix: `AB${partnerCount}-` });
  const event = await createTestEvent(db(), partner.id);
  const [registration] = await db()
    .insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId: theCast.accounts.owner.id,
      teamName: "Authz Crew",
      company: "Authz A/S",
      status: "confirmed",
      billingCompany: "Authz A/S",
      billingEmail: "finance@authz.example",
    })
    .returning();
  return { owner: theCast.accounts.owner, partnerId: partner.id, registrationId: registration!.id };
}

const confirmingVatStatus: AuthorizationCase<WaitingTarget, Snapshot> = {
  name: "confirming a partner's moms status",
  arrange: waitingPartner,
  request: (target) => ({
    path: `/dashboard/admin/partners/${target.partnerId}`,
    form: { intent: "confirm-vat", legalName: "Københavns Roklub", cvr: "29403473", vatStatus: "registered" },
  }),
  snapshot: (_cast, target) => billingSnapshot(target.partnerId),
  // Everyone but an admin is sent to their own dashboard before the command runs.
  expected: signedInOnly(refused(302), { admin: allowed(303) }),
  async verify({ cast: theCast, target }) {
    const after = await billingSnapshot(target.partnerId);
    expect(after.profile?.vatConfirmedBy).toBe(theCast.accounts.admin.id);
    expect(after.audit.map((row) => row.action)).toContain("billing_profile.confirm_vat");
    expect(after.documents.map((document) => document.registrationId)).toEqual([target.registrationId]);
  },
};

describe("billing details", () => {
  forEachActor(savingBillingDetails, cast);
  forEachActor(confirmingVatStatus, cast);

  it("refuses the save command itself to another partner's member as not found", async () => {
    const { hostPartnerId } = cast();
    const before = await billingSnapshot(hostPartnerId);
    const refusal = await updateBillingProfile(servicesOf(cast()), {
      actor: actorOf(cast(), "other partner"),
      partnerId: hostPartnerId,
      input: billingForm("999"),
    }).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe("not_found");
    expect(await billingSnapshot(hostPartnerId)).toEqual(before);
  });

  it("refuses the confirmation command itself to the partner's own member", async () => {
    const target = await waitingPartner(cast());
    const before = await billingSnapshot(target.partnerId);
    const refusal = await confirmVatStatus(servicesOf(cast()), {
      actor: actorOf(cast(), "partner"),
      partnerId: target.partnerId,
      input: { legalName: "Københavns Roklub", cvr: "29403473", vatStatus: "registered" },
    }).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe("forbidden");
    // Nothing confirmed, audited or invoiced.
    expect(await billingSnapshot(target.partnerId)).toEqual(before);
  });
});
