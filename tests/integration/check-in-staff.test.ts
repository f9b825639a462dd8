import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, partnerMembers, profiles, users } from "#server/db/schema";
import { partnerMemberRecipients } from "#server/email/recipients";
import { isAppError } from "#server/errors";
import { inviteCheckInStaff } from "#server/partners/invite-check-in-staff";
import { invitePartnerMember } from "#server/partners/invite-partner-member";
import { removeCheckInStaff } from "#server/partners/remove-check-in-staff";
import { removePartnerMember } from "#server/partners/remove-partner-member";
import { createAccount, lastMailTo, linkIn, postForm, type TestAccount } from "../support/accounts";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

// Check-in staff (ADR 038): a partner's members invite people who check teams in and
// read the crew lists of the partner's published events on the day, and nothing else.
let site: TestSite;
let host: { id: string; name: string };
let other: { id: string; name: string };
let member: TestAccount;
let otherMember: TestAccount;
let admin: TestAccount;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  host = await createTestPartner(site.database.db, "Staffed Roklub");
  other = await createTestPartner(site.database.db, "Other Roklub");
  member = await createAccount(site, { role: "partner", partnerId: host.id, firstName: "Mia" });
  otherMember = await createAccount(site, { role: "partner", partnerId: other.id, firstName: "Otto" });
  admin = await createAccount(site, { role: "admin", firstName: "Ada" });
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

const services = () => ({ db: site.database.db, jobs: site.jobs, baseUrl: site.baseUrl });
const memberActor = (account: TestAccount, partnerId: string) => ({
  userId: account.id,
  role: "partner" as const,
  partnerIds: [partnerId],
});
const person = (email: string) => ({ memberEmail: email, memberFirstName: "Sif", memberLastName: "Staff" });

async function membershipsOf(email: string) {
  return site.database.db
    .select({ partnerId: partnerMembers.partnerId, role: partnerMembers.role, profileRole: profiles.role })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email));
}

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("Expected a refusal");
}

describe("inviting check-in staff", () => {
  it("adds a new person as staff without the partner area, mails the check-in invitation and audits it", async () => {
    const email = `new-staff-${Date.now()}@roklub.example`;
    await inviteCheckInStaff(services(), {
      actor: memberActor(member, host.id),
      partnerId: host.id,
      input: person(email),
    });
    expect(await membershipsOf(email)).toEqual([
      { partnerId: host.id, role: "check_in", profileRole: "user" },
    ]);
    const mail = await lastMailTo(site, email);
    expect(mail?.subject).toBe(`You are invited to check in teams for ${host.name}`);
    const [audit] = await site.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "partner.staff_invite"), eq(auditLog.entityId, host.id)));
    expect(audit?.summary).toBe(`${email} invited`);
  });

  it("lands staff who set their password from the link on their own dashboard, not the partner area", async () => {
    const email = `link-staff-${Date.now()}@roklub.example`;
    await inviteCheckInStaff(services(), {
      actor: memberActor(member, host.id),
      partnerId: host.id,
      input: person(email),
    });
    const mail = await lastMailTo(site, email, `You are invited to check in teams for ${host.name}`);
    const path = new URL(linkIn(mail!.text)).pathname;
    // The link's page invites them to check teams in, not to manage the partner.
    const page = await (await site.request(path)).text();
    expect(page).toContain("You are invited to check teams in for <strong>");
    expect(page).toContain("Check teams in at the jetty");
    expect(page).not.toContain("invited to manage");
    const accepted = await postForm(site, path, {
      intent: "accept",
      password: "jetty-oars-2027",
      confirmPassword: "jetty-oars-2027",
    });
    expect(`${accepted.status} ${accepted.headers.get("location")}`).toBe("303 /dashboard");
  });

  it("keeps an existing user's role, and a later full membership makes them a member", async () => {
    const existing = await createAccount(site, { firstName: "Eva" });
    await inviteCheckInStaff(services(), {
      actor: memberActor(member, host.id),
      partnerId: host.id,
      input: person(existing.email.toUpperCase()),
    });
    expect(await membershipsOf(existing.email)).toEqual([
      { partnerId: host.id, role: "check_in", profileRole: "user" },
    ]);
    expect(
      await lastMailTo(site, existing.email, `You can now check in teams for ${host.name}`),
    ).not.toBeNull();
    await invitePartnerMember(services(), {
      actor: { userId: admin.id, role: "admin", partnerIds: [] },
      partnerId: host.id,
      input: person(existing.email),
    });
    expect(await membershipsOf(existing.email)).toEqual([
      { partnerId: host.id, role: "member", profileRole: "partner" },
    ]);
  });

  it("refuses a full member with a message on the address, changing nothing", async () => {
    const refusal = await refusalOf(
      inviteCheckInStaff(services(), {
        actor: memberActor(member, host.id),
        partnerId: host.id,
        input: person(member.email),
      }),
    );
    expect(refusal.code).toBe("invalid");
    expect(refusal.fields).toEqual({ memberEmail: expect.stringContaining("already a member") });
    expect(await membershipsOf(member.email)).toEqual([
      { partnerId: host.id, role: "member", profileRole: "partner" },
    ]);
  });

  it("gives another partner's member 'not found' and adds nobody", async () => {
    const email = `sneaky-${Date.now()}@roklub.example`;
    const refusal = await refusalOf(
      inviteCheckInStaff(services(), {
        actor: memberActor(otherMember, other.id),
        partnerId: host.id,
        input: person(email),
      }),
    );
    expect(refusal.code).toBe("not_found");
    expect(await membershipsOf(email)).toEqual([]);
    expect(await lastMailTo(site, email)).toBeNull();
  });

  it("answers bad input with field messages", async () => {
    const refusal = await refusalOf(
      inviteCheckInStaff(services(), {
        actor: memberActor(member, host.id),
        partnerId: host.id,
        input: { memberEmail: "not-an-address", memberFirstName: "", memberLastName: "" },
      }),
    );
    expect(refusal.code).toBe("invalid");
    expect(Object.keys(refusal.fields ?? {})).toEqual(
      expect.arrayContaining(["memberEmail", "memberFirstName"]),
    );
  });
});

describe("removing check-in staff", () => {
  it("removes staff only, with an audit row; a full member or another partner's staff is 'not found'", async () => {
    const staff = await createAccount(site, { partnerId: host.id, memberRole: "check_in", firstName: "Rut" });
    const refusedMember = await refusalOf(
      removeCheckInStaff(services(), {
        actor: memberActor(member, host.id),
        partnerId: host.id,
        userId: member.id,
      }),
    );
    expect(refusedMember.code).toBe("not_found");
    expect(await membershipsOf(member.email)).toHaveLength(1);

    const refusedOther = await refusalOf(
      removeCheckInStaff(services(), {
        actor: memberActor(otherMember, other.id),
        partnerId: host.id,
        userId: staff.id,
      }),
    );
    expect(refusedOther.code).toBe("not_found");
    expect(await membershipsOf(staff.email)).toEqual([
      { partnerId: host.id, role: "check_in", profileRole: "user" },
    ]);

    await removeCheckInStaff(services(), {
      actor: memberActor(member, host.id),
      partnerId: host.id,
      userId: staff.id,
    });
    expect(await membershipsOf(staff.email)).toEqual([]);
    const [audit] = await site.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "partner.staff_remove"), eq(auditLog.entityId, host.id)));
    expect(audit?.summary).toContain(staff.email);
  });

  it("leaves a partner with only check-in memberships elsewhere a plain user once the last full one goes", async () => {
    const both = await createAccount(site, { role: "partner", partnerId: host.id, firstName: "Bo" });
    await site.database.db
      .insert(partnerMembers)
      .values({ partnerId: other.id, userId: both.id, role: "check_in" });
    await removePartnerMember(services(), {
      actor: { userId: admin.id, role: "admin", partnerIds: [] },
      partnerId: host.id,
      userId: both.id,
    });
    expect(await membershipsOf(both.email)).toEqual([
      { partnerId: other.id, role: "check_in", profileRole: "user" },
    ]);
  });
});

describe("what check-in staff are told", () => {
  it("gets none of the mails to the partner's members: bookings, reviews and its standing", async () => {
    const staff = await createAccount(site, {
      partnerId: host.id,
      memberRole: "check_in",
      firstName: "Ulla",
    });
    const recipients = (await partnerMemberRecipients(site.database.db, host.id)).map((r) => r.email);
    expect(recipients).toContain(member.email);
    expect(recipients).not.toContain(staff.email);
  });
});

describe("what check-in staff reach", () => {
  let staff: TestAccount;
  let upcoming: { id: string; title: string };
  let draft: { id: string };
  let ended: { id: string };
  let othersEvent: { id: string };

  beforeAll(async () => {
    const now = new Date();
    staff = await createAccount(site, { partnerId: host.id, memberRole: "check_in", firstName: "Tove" });
    upcoming = await createTestEvent(site.database.db, host.id, { now, title: "Staffed Sprint" });
    draft = await createTestEvent(site.database.db, host.id, { now, status: "draft" });
    const startsAt = new Date(now.getTime() - 50 * HOUR);
    ended = await createTestEvent(site.database.db, host.id, {
      now,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * HOUR),
      registrationDeadline: new Date(startsAt.getTime() - HOUR),
    });
    othersEvent = await createTestEvent(site.database.db, other.id, { now });
  });

  const visit = (path: string, cookie = staff.cookie) =>
    site.request(path, { headers: { Cookie: cookie }, redirect: "manual" });

  it("opens the crew list of their partner's published event, with a way back to their dashboard", async () => {
    const response = await visit(`/dashboard/partner/events/${upcoming.id}/crew-list`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Staffed Sprint");
    expect(html).toContain('href="/dashboard"');
    // A client-side navigation asks for the page's data, which the area's gate lets through too.
    const data = await visit(
      `/dashboard/partner/events/${upcoming.id}/crew-list.data?_routes=routes/dashboard/partner/layout,routes/dashboard/partner/events/$id.crew-list`,
    );
    expect(data.status).toBe(200);
    const body = await data.text();
    expect(body).not.toContain("SingleFetchRedirect");
    expect(body).toContain("Staffed Sprint");
  });

  it("is told 'not found' for drafts, events that ended over a day ago and other partners' events", async () => {
    for (const event of [draft, ended, othersEvent])
      expect((await visit(`/dashboard/partner/events/${event.id}/crew-list`)).status).toBe(404);
  });

  it("is sent to their dashboard from every other partner page, and may not post to the staff page", async () => {
    for (const path of [
      "/dashboard/partner",
      "/dashboard/partner/events",
      `/dashboard/partner/events/${upcoming.id}`,
      "/dashboard/partner/registrations",
      "/dashboard/partner/staff",
    ]) {
      const response = await visit(path);
      expect(`${response.status} ${response.headers.get("location")}`, path).toBe("302 /dashboard");
    }
    const before = await membershipsOf(staff.email);
    const posted = await postForm(
      site,
      "/dashboard/partner/staff",
      { intent: "invite", ...person(`friend-${Date.now()}@roklub.example`) },
      staff.cookie,
    );
    expect(`${posted.status} ${posted.headers.get("location")}`).toBe("302 /dashboard");
    expect(await membershipsOf(staff.email)).toEqual(before);
  });

  it("finds the events on their own dashboard, and nothing of the ended, the draft or another partner's", async () => {
    const html = await (await visit("/dashboard")).text();
    expect(html).toContain("Check-in");
    expect(html).toContain(`/dashboard/partner/events/${upcoming.id}/crew-list`);
    for (const event of [draft, ended, othersEvent]) expect(html).not.toContain(event.id);
    // A plain member's dashboard has no such section.
    expect(await (await visit("/dashboard", member.cookie)).text()).not.toContain('id="check-in-events"');
  });

  it("lets members invite and list staff on the staff page", async () => {
    const email = `page-staff-${Date.now()}@roklub.example`;
    const posted = await postForm(
      site,
      "/dashboard/partner/staff",
      { intent: "invite", ...person(email) },
      member.cookie,
    );
    expect(posted.status).toBe(303);
    const page = await (await visit("/dashboard/partner/staff", member.cookie)).text();
    expect(page).toContain(email);
    expect(page).toContain(staff.email);
    const refused = await postForm(
      site,
      "/dashboard/partner/staff",
      { intent: "invite", ...person(member.email) },
      member.cookie,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("already a member");
  });
});
