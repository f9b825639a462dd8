import { describe, expect, it } from "vitest";
import type { Actor } from "./actor";
import {
  canAdministerPartners,
  canAdministerUsers,
  canBookTeam,
  canChangeBooking,
  canCheckIn,
  canEnterArea,
  canEnterCheckIn,
  canManageCheckInStaff,
  canManageAccount,
  canManageEvent,
  canManagePartner,
  canReadEvent,
  canReadRegistration,
  canReviewApplications,
  canReviewEvents,
  canSubmitPublicForm,
  namesPartners,
  seesAllPartners,
} from "./policies";

const OWN_PARTNER = "11111111-1111-4111-8111-111111111111";
const OTHER_PARTNER = "22222222-2222-4222-8222-222222222222";

const user: Actor = { userId: "user-1", role: "user", partnerIds: [] };
const member: Actor = { userId: "member-1", role: "partner", partnerIds: [OWN_PARTNER] };
const otherMember: Actor = { userId: "member-2", role: "partner", partnerIds: [OTHER_PARTNER] };
const admin: Actor = { userId: "admin-1", role: "admin", partnerIds: [] };
/** A membership without the partner role (a demoted account) grants nothing. */
const demoted: Actor = { userId: "demoted-1", role: "user", partnerIds: [OWN_PARTNER] };

const ownEvent = { partnerId: OWN_PARTNER, status: "draft" };
const ownPublished = { partnerId: OWN_PARTNER, status: "published" };

describe("dashboard areas", () => {
  it.each([
    ["user", user, { user: true, partner: false, admin: false }],
    ["partner", member, { user: true, partner: true, admin: false }],
    ["admin", admin, { user: true, partner: true, admin: true }],
  ] as const)("lets a %s into the right areas", (_role, actor, expected) => {
    expect({
      user: canEnterArea(actor, "user"),
      partner: canEnterArea(actor, "partner"),
      admin: canEnterArea(actor, "admin"),
    }).toEqual(expected);
  });

  it("shows an admin every partner together, and a partner only their own", () => {
    expect(seesAllPartners(admin)).toBe(true);
    expect(seesAllPartners(member)).toBe(false);
    expect(seesAllPartners(user)).toBe(false);
  });

  it("names each row's partner when the partner area shows more than one", () => {
    const twoPartners: Actor = { ...member, partnerIds: [OWN_PARTNER, OTHER_PARTNER] };
    expect(namesPartners(admin)).toBe(true);
    expect(namesPartners(twoPartners)).toBe(true);
    expect(namesPartners(member)).toBe(false);
    expect(namesPartners({ ...demoted, partnerIds: [OWN_PARTNER, OTHER_PARTNER] })).toBe(false);
  });
});

describe("check-in on the day", () => {
  const staff: Actor = { userId: "staff-1", role: "user", partnerIds: [], checkInPartnerIds: [OWN_PARTNER] };
  const now = new Date("2027-06-15T12:00:00Z");
  const HOUR = 60 * 60 * 1000;
  const event = (overrides: { partnerId?: string; status?: string; endsAt?: Date } = {}) => ({
    partnerId: OWN_PARTNER,
    status: "published",
    endsAt: new Date(now.getTime() + 5 * HOUR),
    ...overrides,
  });

  it("lets members, admins and check-in staff into the day's pages, and nobody else", () => {
    expect([user, demoted, member, admin, staff].map(canEnterCheckIn)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it("gives staff their partner's published or called-off events until a day after the end", () => {
    expect(canCheckIn(staff, event(), now)).toBe(true);
    expect(canCheckIn(staff, event({ status: "cancelled" }), now)).toBe(true);
    expect(canCheckIn(staff, event({ endsAt: new Date(now.getTime() - 23 * HOUR) }), now)).toBe(true);
    expect(canCheckIn(staff, event({ endsAt: new Date(now.getTime() - 24 * HOUR) }), now)).toBe(false);
    for (const status of ["draft", "pending_review", "changes_requested"])
      expect(canCheckIn(staff, event({ status }), now), status).toBe(false);
    expect(canCheckIn(staff, event({ partnerId: OTHER_PARTNER }), now)).toBe(false);
  });

  it("gives members every event of theirs, whatever its state or age, and admins every event", () => {
    const old = event({ status: "draft", endsAt: new Date(now.getTime() - 400 * 24 * HOUR) });
    expect(canCheckIn(member, old, now)).toBe(true);
    expect(canCheckIn(otherMember, old, now)).toBe(false);
    expect(canCheckIn(admin, event({ partnerId: OTHER_PARTNER }), now)).toBe(true);
  });

  it("keeps staff out of everything a partner's member does", () => {
    expect(canEnterArea(staff, "partner")).toBe(false);
    expect(canManageEvent(staff, event())).toBe(false);
    expect(canManagePartner(staff, { id: OWN_PARTNER })).toBe(false);
    expect(canManageCheckInStaff(staff, { id: OWN_PARTNER })).toBe(false);
    expect(canManageCheckInStaff(member, { id: OWN_PARTNER })).toBe(true);
    expect(canManageCheckInStaff(otherMember, { id: OWN_PARTNER })).toBe(false);
  });
});

describe("events", () => {
  it("lets members manage their own partner's events and admins every event", () => {
    expect(canManageEvent(member, ownEvent)).toBe(true);
    expect(canManageEvent(otherMember, ownEvent)).toBe(false);
    expect(canManageEvent(user, ownEvent)).toBe(false);
    expect(canManageEvent(demoted, ownEvent)).toBe(false);
    expect(canManageEvent(admin, ownEvent)).toBe(true);
  });

  it("shows published events to everyone and other states only to their managers", () => {
    expect(canReadEvent(null, ownPublished)).toBe(true);
    expect(canReadEvent(user, ownPublished)).toBe(true);
    expect(canReadEvent(null, ownEvent)).toBe(false);
    expect(canReadEvent(user, ownEvent)).toBe(false);
    expect(canReadEvent(otherMember, ownEvent)).toBe(false);
    expect(canReadEvent(member, ownEvent)).toBe(true);
    expect(canReadEvent(admin, { partnerId: OWN_PARTNER, status: "cancelled" })).toBe(true);
    expect(canReadEvent(null, { partnerId: OWN_PARTNER, status: "cancelled" })).toBe(false);
  });

  it("leaves reviews to admins", () => {
    expect([user, member, otherMember, admin].map(canReviewEvents)).toEqual([false, false, false, true]);
  });
});

describe("team registrations", () => {
  const booking = { userId: user.userId };

  it("lets anyone signed in book, and nobody signed out", () => {
    expect([user, member, admin].every(canBookTeam)).toBe(true);
    expect(canBookTeam(null)).toBe(false);
  });

  it("leaves editing and cancelling to the booker alone", () => {
    expect(canChangeBooking(user, booking)).toBe(true);
    expect(canChangeBooking({ ...user, userId: "someone-else" }, booking)).toBe(false);
    expect(canChangeBooking(member, booking)).toBe(false);
    expect(canChangeBooking(admin, booking)).toBe(false);
  });

  it("lets the booker and the event's managers read a registration", () => {
    const event = { partnerId: OWN_PARTNER };
    expect(canReadRegistration(user, booking, event)).toBe(true);
    expect(canReadRegistration({ ...user, userId: "someone-else" }, booking, event)).toBe(false);
    expect(canReadRegistration(member, booking, event)).toBe(true);
    expect(canReadRegistration(otherMember, booking, event)).toBe(false);
    expect(canReadRegistration(admin, booking, event)).toBe(true);
  });
});

describe("partners", () => {
  it("lets members manage their own organisation and admins every one", () => {
    const partner = { id: OWN_PARTNER };
    expect(canManagePartner(member, partner)).toBe(true);
    expect(canManagePartner(otherMember, partner)).toBe(false);
    expect(canManagePartner(user, partner)).toBe(false);
    expect(canManagePartner(demoted, partner)).toBe(false);
    expect(canManagePartner(admin, partner)).toBe(true);
  });

  it("leaves creating, suspending and tiers to admins", () => {
    expect([user, member, admin].map(canAdministerPartners)).toEqual([false, false, true]);
  });
});

describe("accounts", () => {
  it("lets people manage only their own account", () => {
    for (const actor of [user, member, admin]) {
      expect(canManageAccount(actor, { id: actor.userId })).toBe(true);
      expect(canManageAccount(actor, { id: "someone-else" })).toBe(false);
    }
  });

  it("leaves listing people and roles to admins", () => {
    expect([user, member, admin].map(canAdministerUsers)).toEqual([false, false, true]);
  });
});

describe("partner applications and messages", () => {
  it("takes applications and messages from anyone, signed in or not", () => {
    expect([null, user, member, admin].every(canSubmitPublicForm)).toBe(true);
  });

  it("leaves reviewing applications to admins", () => {
    expect([user, member, admin].map(canReviewApplications)).toEqual([false, false, true]);
  });
});
