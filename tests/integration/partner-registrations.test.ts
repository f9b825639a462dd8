import { randomUUID } from "node:crypto";
import { asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import { auditLog, events, teamRegistrations, type RosterMember } from "#server/db/schema";
import { KEYSET_PAGE_SIZE } from "#server/db/keyset-pages";
import type { Mail } from "#server/email/mailer";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { confirmRegistration } from "#server/registrations/confirm-registration";
import {
  CREW_LIST_PAGE_SIZE,
  emailDomainOf,
  listManagedRegistrations,
  readRegistrationFilters,
  registrationPagesForExport,
  type RegistrationFilters,
} from "#server/registrations/managed-queries";
import { moveRegistration } from "#server/registrations/move-registration";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { adminActor, createPerson, DAY, HOUR, refusalOf, type Person } from "../support/event-publishing";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";
import { followToast } from "../support/toast";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";

// The partner's registrations (issue 12): the list, one registration and its actions,
// the CSV export and the crew list, through their pages and commands. One site for the
// file; every test makes its own partners and events, so none depends on another. Who
// may see and act on which team is tested in authorization/registrations.test.ts.

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
let adminAccount: TestAccount;

const db = () => site.database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: site.baseUrl });

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  outbox = recordingJobs(site.database);
  adminAccount = await createAccount(site, { role: "admin", firstName: "Ada", lastName: "Admin" });
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

type Club = {
  partner: Awaited<ReturnType<typeof createTestPartner>>;
  account: TestAccount;
  actor: Actor;
};

let clubs = 0;
async function newClub(): Promise<Club> {
  clubs += 1;
  const partner = await createTestPartner(db(), `Registrations Roklub ${clubs}`);
  const account = await createAccount(site, { role: "partner", partnerId: partner.id });
  return { partner, account, actor: { userId: account.id, role: "partner", partnerIds: [partner.id] } };
}

let teams = 0;
type TeamOptions = {
  status?: "confirmed" | "waitlisted" | "cancelled";
  teamName?: string;
  company?: string;
  captainName?: string;
  captainEmail?: string;
  captainPhone?: string;
  billingEmail?: string;
  roster?: RosterMember[];
  createdAt?: Date;
  booker?: Person;
};

/** A registration stored directly, booked by a person of its own (so captain and booker differ). */
async function addTeam(eventId: string, options: TeamOptions = {}) {
  teams += 1;
  const booker = options.booker ?? (await createPerson(db(), { label: `booker-${teams}` }));
  const [row] = await db()
    .insert(teamRegistrations)
    .values({
      eventId,
      userId: booker.id,
      teamName: options.teamName ?? `Team ${teams}`,
      company: options.company ?? `Company ${teams} A/S`,
      status: options.status ?? "confirmed",
      captainName: options.captainName ?? `Captain ${teams}`,
      captainEmail: options.captainEmail ?? `captain-${teams}-${randomUUID().slice(0, 8)}@teams.example`,
      captainPhone: options.captainPhone ?? "+45 11 22 33 44",
      billingCompany: "Billing A/S",
      ...invoiceAddress,
      cvr: VALID_CVR,
      ean: "5790001234567",
      poReference: `PO-${teams}`,
      billingEmail: options.billingEmail ?? "billing@teams.example",
      roster: options.roster ?? [
        { name: "Rower One", email: "rower.one@teams.example" },
        { name: "Rower Two" },
      ],
      notes: "Vegetarian lunch for two",
      createdAt: options.createdAt ?? new Date(),
      cancelledAt: options.status === "cancelled" ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error("The test registration was not stored.");
  return { row, booker };
}

async function registration(id: string) {
  const [row] = await db().select().from(teamRegistrations).where(eq(teamRegistrations.id, id));
  if (!row) throw new Error(`Registration ${id} is gone.`);
  return row;
}

const auditRows = (entityId: string) => db().select().from(auditLog).where(eq(auditLog.entityId, entityId));

async function mailsTo(to: string, subject?: string): Promise<Mail[]> {
  await site.background.settled();
  const sent = await outbox.deliver();
  return sent.filter((mail) => mail.to === to && (subject === undefined || mail.subject.includes(subject)));
}

async function page(path: string, cookie?: string) {
  const response = await site.request(path, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, response, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The page's main content, without the loader data React Router serialises after it. */
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";

const filtersOf = (query: string, page = 1): RegistrationFilters =>
  readRegistrationFilters(new URL(`https://rcl.test/x?${query}`), page).filters;

const teamNames = async (actor: Actor, query: string) =>
  (await listManagedRegistrations(db(), actor, filtersOf(query))).rows.map((row) => row.teamName).sort();

// ── Pure parts ───────────────────────────────────────────────────────────────────

describe("the search's email domain", () => {
  it("reads a domain with or without @, and nothing else", () => {
    expect(emailDomainOf("novo.dk")).toBe("novo.dk");
    expect(emailDomainOf("@Novo.DK")).toBe("novo.dk");
    expect(emailDomainOf("mail.novo.dk")).toBe("mail.novo.dk");
    expect(emailDomainOf("novo")).toBeNull();
    expect(emailDomainOf("Novo Nordisk")).toBeNull();
    expect(emailDomainOf("a@novo.dk")).toBeNull();
  });

  it("leaves out a status it does not know and says so", () => {
    const { filters, problems } = readRegistrationFilters(
      new URL("https://rcl.test/x?status=paid&q=%20x%20"),
      1,
    );
    expect(filters.status).toBe("all");
    expect(filters.q).toBe("x");
    expect(problems).toHaveLength(1);
  });
});

// ── The list ─────────────────────────────────────────────────────────────────────

describe("the registrations list", () => {
  it("shows a partner only its own events' teams, and an admin every partner's with the partner", async () => {
    const [own, other] = [await newClub(), await newClub()];
    const ownEvent = await createTestEvent(db(), own.partner.id, { title: "Own Regatta" });
    const otherEvent = await createTestEvent(db(), other.partner.id, { title: "Other Regatta" });
    const mine = await addTeam(ownEvent.id, { teamName: "Own Rowers", roster: [{ name: "A" }] });
    await addTeam(otherEvent.id, { teamName: "Other Rowers" });

    const partnerPage = await page("/dashboard/partner/registrations", own.account.cookie);
    expect(partnerPage.status).toBe(200);
    const main = mainOf(partnerPage.html);
    expect(main).toContain("Own Rowers");
    expect(main).toContain(mine.row.reference);
    expect(main).toContain("1 of 9 named");
    expect(main).toContain("Own Regatta");
    expect(main).not.toContain("Other Rowers");
    expect(main).not.toContain('scope="col" class="px-4 py-3 font-semibold text-slate-700">Partner');

    const adminPage = await page("/dashboard/partner/registrations", adminAccount.cookie);
    expect(adminPage.status).toBe(200);
    const adminMain = mainOf(adminPage.html);
    expect(adminMain).toContain("Own Rowers");
    expect(adminMain).toContain("Other Rowers");
    expect(adminMain).toContain(other.partner.name);
  });

  it("filters by event, status and company, and searches team, company, captain and email domain", async () => {
    const club = await newClub();
    const first = await createTestEvent(db(), club.partner.id);
    const second = await createTestEvent(db(), club.partner.id);
    await addTeam(first.id, {
      teamName: "Insulin Oars",
      company: "Novo Nordisk",
      captainName: "Karen Blixen",
      captainEmail: "karen@novo.dk",
    });
    await addTeam(first.id, {
      teamName: "Lego Bricks",
      company: "LEGO",
      status: "waitlisted",
      captainEmail: "ole@lego.com",
      billingEmail: "invoices@novo.dk",
    });
    await addTeam(second.id, { teamName: "Wind Turbines", company: "Vestas", status: "cancelled" });
    await addTeam(second.id, { teamName: "100% Effort", company: "Maersk", captainEmail: "x@sub.novo.dk" });
    const { actor } = club;

    expect(await teamNames(actor, "")).toEqual([
      "100% Effort",
      "Insulin Oars",
      "Lego Bricks",
      "Wind Turbines",
    ]);
    expect(await teamNames(actor, `event=${first.id}`)).toEqual(["Insulin Oars", "Lego Bricks"]);
    expect(await teamNames(actor, "status=waitlisted")).toEqual(["Lego Bricks"]);
    expect(await teamNames(actor, "status=cancelled")).toEqual(["Wind Turbines"]);
    expect(await teamNames(actor, "company=Vestas")).toEqual(["Wind Turbines"]);
    expect(await teamNames(actor, `event=${second.id}&status=confirmed`)).toEqual(["100% Effort"]);
    expect(await teamNames(actor, "q=oars")).toEqual(["Insulin Oars"]);
    expect(await teamNames(actor, "q=nordisk")).toEqual(["Insulin Oars"]);
    expect(await teamNames(actor, "q=blixen")).toEqual(["Insulin Oars"]);
    // The captain's or the billing address at the domain, or a subdomain of it.
    expect(await teamNames(actor, "q=novo.dk")).toEqual(["100% Effort", "Insulin Oars", "Lego Bricks"]);
    expect(await teamNames(actor, `q=${encodeURIComponent("@novo.dk")}`)).toEqual([
      "100% Effort",
      "Insulin Oars",
      "Lego Bricks",
    ]);
    expect(await teamNames(actor, "q=lego.com")).toEqual(["Lego Bricks"]);
    // Typed wildcards match themselves only.
    expect(await teamNames(actor, `q=${encodeURIComponent("100%")}`)).toEqual(["100% Effort"]);
    expect(await teamNames(actor, `q=${encodeURIComponent("%")}`)).toEqual(["100% Effort"]);
    expect(await teamNames(actor, "q=_")).toEqual([]);

    const filtered = await page(
      `/dashboard/partner/registrations?event=${first.id}&q=novo.dk`,
      club.account.cookie,
    );
    const main = mainOf(filtered.html);
    expect(main).toContain("Insulin Oars");
    expect(main).toContain("Lego Bricks");
    expect(main).not.toContain("100% Effort");
    // One event: its crew list, its messages and its export, with the filter.
    expect(main).toContain(`href="/dashboard/partner/events/${first.id}/crew-list"`);
    expect(main).toContain(`href="/dashboard/partner/events/${first.id}/messages"`);
    expect(main).toContain(
      `href="/dashboard/partner/registrations/export.csv?event=${first.id}&amp;q=novo.dk"`,
    );
    expect(main).toContain(
      `href="/dashboard/partner/registrations/export.csv?event=${first.id}&amp;q=novo.dk&amp;roster=1"`,
    );
  });

  it("pages by 25 on the server", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id, { maxTeams: 40 });
    const start = Date.now() - DAY;
    for (let index = 0; index < 26; index += 1) {
      await addTeam(event.id, {
        teamName: `Paged ${String(index).padStart(2, "0")}`,
        createdAt: new Date(start + index * 1000),
      });
    }
    const first = await listManagedRegistrations(db(), club.actor, filtersOf(""));
    const second = await listManagedRegistrations(db(), club.actor, filtersOf("", 2));
    expect(first.total).toBe(26);
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]?.teamName).toBe("Paged 25");
    expect(second.rows.map((row) => row.teamName)).toEqual(["Paged 00"]);

    const secondPage = mainOf(
      (await page("/dashboard/partner/registrations?page=2", club.account.cookie)).html,
    );
    expect(secondPage).toContain("Paged 00");
    expect(secondPage).not.toContain("Paged 01");
    expect(secondPage).toContain("Page 2 of 2 (26 in all)");
  });

  it("lists the latest 200 events in the event filter, and keeps an older one chosen", async () => {
    const club = await newClub();
    const template = await createTestEvent(db(), club.partner.id, {
      title: "Oldest Regatta",
      now: new Date(Date.now() - 400 * DAY),
    });
    await db()
      .insert(events)
      .values(
        Array.from({ length: 200 }, (_, index) => ({
          ...template,
          id: randomUUID(),
          slug: `filter-${randomUUID()}`,
          title: `Filter Regatta ${index + 1}`,
          startsAt: new Date(template.startsAt.getTime() + (index + 1) * DAY),
          endsAt: new Date(template.endsAt.getTime() + (index + 1) * DAY),
          createKey: null,
        })),
      );
    const eventSelect = (html: string) =>
      /<select id="registrations-event"[\s\S]*?<\/select>/.exec(html)?.[0] ?? "";
    const options = (html: string) => [...eventSelect(html).matchAll(/<option /g)].length;

    const all = mainOf((await page("/dashboard/partner/registrations", club.account.cookie)).html);
    // "All events", then the 200 latest: the oldest of the 201 is left out.
    expect(options(all)).toBe(201);
    expect(eventSelect(all)).toContain("Filter Regatta 200");
    expect(eventSelect(all)).not.toContain("Oldest Regatta");

    const chosen = mainOf(
      (await page(`/dashboard/partner/registrations?event=${template.id}`, club.account.cookie)).html,
    );
    expect(options(chosen)).toBe(202);
    expect(eventSelect(chosen)).toMatch(
      new RegExp(`<option value="${template.id}" selected="">Oldest Regatta, `),
    );
  });
});

// ── One registration ──────────────────────────────────────────────────────────────

describe("a registration's page", () => {
  it("shows everything about the team to its partner and the admin", async () => {
    const own = await newClub();
    const event = await createTestEvent(db(), own.partner.id, { title: "Detail Regatta" });
    const { row, booker } = await addTeam(event.id, {
      teamName: "Detail Team",
      captainName: "Cathrine Captain",
      captainPhone: "+45 55 66 77 88",
      roster: [{ name: "Søren Ærø", email: "soren@teams.example" }, { name: "Åse" }],
    });
    const path = `/dashboard/partner/registrations/${row.id}`;
    for (const cookie of [own.account.cookie, adminAccount.cookie]) {
      const answer = await page(path, cookie);
      expect(answer.status).toBe(200);
      const main = mainOf(answer.html);
      for (const text of [
        "Detail Team",
        "Detail Regatta",
        row.reference,
        "Cathrine Captain",
        row.captainEmail!,
        "+45 55 66 77 88",
        "Billing A/S",
        "Vesterbrogade 12, 1620 København V",
        VALID_CVR,
        "5790001234567",
        row.poReference!,
        "billing@teams.example",
        "Søren Ærø",
        "soren@teams.example",
        "Åse",
        "2 of 9 named",
        "Vegetarian lunch for two",
        booker.email,
        "Cancel team…",
      ]) {
        expect(main).toContain(text);
      }
    }
  });

  it("asks before cancelling, also without JavaScript (?cancel=1)", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id);
    const { row } = await addTeam(event.id, { teamName: "Asked Team" });
    const asked = mainOf(
      (await page(`/dashboard/partner/registrations/${row.id}?cancel=1`, club.account.cookie)).html,
    );
    expect(asked).toContain("Cancel Asked Team?");
    expect(asked).toContain('name="intent" value="cancel"');
    expect(asked).toContain("Keep the team");
    expect((await registration(row.id)).status).toBe("confirmed");
  });
});

// ── Cancelling ────────────────────────────────────────────────────────────────────

describe("cancelling a team as the organiser", () => {
  it("cancels, promotes the waitlist, mails the captain and the booker with the reason, and audits", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id, { title: "Cancel Regatta", maxTeams: 1 });
    const { row, booker } = await addTeam(event.id, { teamName: "Leaving Team" });
    const waiting = await addTeam(event.id, { teamName: "Waiting Team", status: "waitlisted" });

    const response = await postForm(
      site,
      `/dashboard/partner/registrations/${row.id}`,
      { intent: "cancel", reason: "The boat is broken" },
      club.account.cookie,
    );
    const { html } = await followToast(site, response, club.account.cookie);
    expect(html).toContain("The team&#x27;s registration is cancelled");

    const after = await registration(row.id);
    expect(after.status).toBe("cancelled");
    expect(after.cancelledAt).not.toBeNull();
    expect((await registration(waiting.row.id)).status).toBe("confirmed");

    const [audit] = await auditRows(row.id);
    expect(audit?.action).toBe("registration.cancel");
    expect(audit?.partnerId).toBe(club.partner.id);
    expect(audit?.actorUserId).toBe(club.account.id);
    expect(audit?.summary).toContain("The boat is broken");
    expect(audit?.changes).toEqual({ status: { before: "confirmed", after: "cancelled" } });

    for (const to of [row.captainEmail!, booker.email]) {
      const [mail] = await mailsTo(to, "Booking cancelled by the organiser");
      expect(mail?.subject).toContain(row.reference);
      expect(mail?.text).toContain("The reason given: The boat is broken");
      expect(mail?.text).toContain("Cancel Regatta");
    }
    expect(await mailsTo(waiting.row.captainEmail!, "A spot opened up")).toHaveLength(1);
  });

  it("mails no reason when none is given, and refuses a team already cancelled or an event under way", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id);
    const { row } = await addTeam(event.id);
    await cancelRegistration(services(), {
      actor: club.actor,
      registrationId: row.id,
      asOrganiser: true,
      input: {},
    });
    const [mail] = await mailsTo(row.captainEmail!, "Booking cancelled by the organiser");
    expect(mail?.text).not.toContain("The reason given");

    const again = await postForm(
      site,
      `/dashboard/partner/registrations/${row.id}`,
      { intent: "cancel", reason: "" },
      club.account.cookie,
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already cancelled");
    expect(await auditRows(row.id)).toHaveLength(1);

    const started = await addTeam(event.id);
    const before = await registration(started.row.id);
    const refusal = await refusalOf(
      cancelRegistration(services(), {
        actor: club.actor,
        registrationId: started.row.id,
        asOrganiser: true,
        now: new Date(event.startsAt.getTime() + HOUR),
      }),
    );
    expect(refusal.code).toBe("invalid_transition");
    expect(refusal.message).toContain("already started");
    expect(await registration(started.row.id)).toEqual(before);
  });

  it("keeps the booker's own cancellation as it was: no audit row, the partner's notice", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id);
    const { row, booker } = await addTeam(event.id);
    await cancelRegistration(services(), {
      actor: { userId: booker.id, role: "user", partnerIds: [] },
      registrationId: row.id,
    });
    expect((await registration(row.id)).status).toBe("cancelled");
    expect(await auditRows(row.id)).toHaveLength(0);
    expect(await mailsTo(row.captainEmail!, "Booking cancelled:")).toHaveLength(1);
    expect(await mailsTo(club.account.email, "Booking cancelled:")).toHaveLength(1);
  });
});

// ── Confirming ────────────────────────────────────────────────────────────────────

describe("confirming a waitlisted team by hand", () => {
  it("confirms while a spot is free, mails with the calendar, and audits", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id, { maxTeams: 2 });
    await addTeam(event.id);
    const { row, booker } = await addTeam(event.id, { status: "waitlisted", teamName: "Lucky Team" });

    const response = await postForm(
      site,
      `/dashboard/partner/registrations/${row.id}`,
      { intent: "confirm" },
      club.account.cookie,
    );
    await followToast(site, response, club.account.cookie);
    expect((await registration(row.id)).status).toBe("confirmed");
    const [audit] = await auditRows(row.id);
    expect(audit?.action).toBe("registration.confirm");
    expect(audit?.changes).toEqual({ status: { before: "waitlisted", after: "confirmed" } });
    for (const to of [row.captainEmail!, booker.email]) {
      const [mail] = await mailsTo(to, "Your team is confirmed");
      expect(mail?.text).toContain("Lucky Team");
      expect(mail?.attachments?.some((file) => file.filename.endsWith(".ics"))).toBe(true);
    }
  });

  it("refuses when no spot is free, for a cancelled team and once the event has started", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id, { maxTeams: 1 });
    await addTeam(event.id);
    const waiting = await addTeam(event.id, { status: "waitlisted" });
    const before = await registration(waiting.row.id);

    const full = await postForm(
      site,
      `/dashboard/partner/registrations/${waiting.row.id}`,
      { intent: "confirm" },
      club.account.cookie,
    );
    expect(full.status).toBe(409);
    expect(await full.text()).toContain("There is no free spot: 1 of 1 teams are confirmed.");
    expect(await registration(waiting.row.id)).toEqual(before);

    const cancelled = await addTeam(event.id, { status: "cancelled" });
    const refusal = await refusalOf(
      confirmRegistration(services(), { actor: club.actor, registrationId: cancelled.row.id }),
    );
    expect(refusal.code).toBe("invalid_transition");
    expect((await registration(cancelled.row.id)).status).toBe("cancelled");

    const roomy = await createTestEvent(db(), club.partner.id, { maxTeams: 5 });
    const late = await addTeam(roomy.id, { status: "waitlisted" });
    const started = await refusalOf(
      confirmRegistration(services(), {
        actor: club.actor,
        registrationId: late.row.id,
        now: new Date(roomy.startsAt.getTime() + HOUR),
      }),
    );
    expect(started.message).toContain("already started");
    expect((await registration(late.row.id)).status).toBe("waitlisted");
    expect(await auditRows(late.row.id)).toHaveLength(0);
  });
});

// ── Moving ────────────────────────────────────────────────────────────────────────

describe("moving a team to another event", () => {
  it("confirms it at the target, promotes the source's waitlist, mails the new date with its .ics, and audits", async () => {
    const club = await newClub();
    const source = await createTestEvent(db(), club.partner.id, { title: "Source Regatta", maxTeams: 1 });
    const target = await createTestEvent(db(), club.partner.id, { title: "Target Regatta", maxTeams: 2 });
    const { row, booker } = await addTeam(source.id, { teamName: "Moving Team" });
    const waiting = await addTeam(source.id, { status: "waitlisted", teamName: "Next In Line" });
    await db()
      .update(teamRegistrations)
      .set({ rosterReminderSentAt: new Date() })
      .where(eq(teamRegistrations.id, row.id));

    // The page offers the target.
    const detail = mainOf(
      (await page(`/dashboard/partner/registrations/${row.id}?move=1`, club.account.cookie)).html,
    );
    expect(detail).toContain(`value="${target.id}"`);
    expect(detail).not.toContain(`value="${source.id}"`);

    const response = await postForm(
      site,
      `/dashboard/partner/registrations/${row.id}`,
      { intent: "move", targetEventId: target.id },
      club.account.cookie,
    );
    await followToast(site, response, club.account.cookie);
    const moved = await registration(row.id);
    expect(moved.eventId).toBe(target.id);
    expect(moved.status).toBe("confirmed");
    expect(moved.reference).toBe(row.reference);
    expect(moved.rosterReminderSentAt).toBeNull();
    expect((await registration(waiting.row.id)).status).toBe("confirmed");

    const [audit] = await auditRows(row.id);
    expect(audit?.action).toBe("registration.move");
    expect(audit?.changes).toEqual({
      eventId: { before: source.id, after: target.id },
      status: { before: "confirmed", after: "confirmed" },
    });
    for (const to of [row.captainEmail!, booker.email]) {
      const [mail] = await mailsTo(to, "Your team has moved to Target Regatta");
      expect(mail?.text).toContain("from Source Regatta");
      const calendar = mail?.attachments?.find((file) => file.filename === `${target.slug}.ics`);
      expect(String(calendar?.content)).toContain("Target Regatta");
    }
    expect(await mailsTo(waiting.row.captainEmail!, "A spot opened up")).toHaveLength(1);
  });

  it("refuses a full target, another partner's, a started one, a long roster, a cancelled team and a started source", async () => {
    const [club, other] = [await newClub(), await newClub()];
    const source = await createTestEvent(db(), club.partner.id);
    const full = await createTestEvent(db(), club.partner.id, { maxTeams: 1, title: "Full Regatta" });
    await addTeam(full.id);
    const foreign = await createTestEvent(db(), other.partner.id);
    const past = new Date(Date.now() - 40 * DAY);
    const started = await createTestEvent(db(), club.partner.id, { now: past });
    const small = await createTestEvent(db(), club.partner.id, { teamSize: 1, title: "Pairs Regatta" });
    const { row } = await addTeam(source.id);
    const before = await registration(row.id);

    const post = (targetEventId: string) =>
      postForm(
        site,
        `/dashboard/partner/registrations/${row.id}`,
        { intent: "move", targetEventId },
        club.account.cookie,
      );
    const fullAnswer = await post(full.id);
    expect(fullAnswer.status).toBe(409);
    expect(await fullAnswer.text()).toContain("Full Regatta is full: 1 of 1 teams are confirmed.");

    for (const targetId of [foreign.id, randomUUID(), "nonsense"]) {
      const answer = await post(targetId);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("Please choose one of the events offered.");
    }
    // An admin cannot move a team across partners either.
    const asAdmin = await refusalOf(
      moveRegistration(services(), {
        actor: adminActor(await createPerson(db(), { role: "admin" })),
        registrationId: row.id,
        input: { targetEventId: foreign.id },
      }),
    );
    expect(asAdmin.code).toBe("invalid");

    const startedAnswer = await post(started.id);
    expect(startedAnswer.status).toBe(409);
    expect(await startedAnswer.text()).toContain("The event you chose has already started.");

    const smallAnswer = await post(small.id);
    expect(smallAnswer.status).toBe(400);
    expect(await smallAnswer.text()).toContain("takes teams of at most 1");

    const empty = await post("");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please choose the event to move the team to");

    expect(await registration(row.id)).toEqual(before);
    expect(await auditRows(row.id)).toHaveLength(0);

    const target = await createTestEvent(db(), club.partner.id, { maxTeams: 5 });
    const cancelled = await addTeam(source.id, { status: "cancelled" });
    const cancelledRefusal = await refusalOf(
      moveRegistration(services(), {
        actor: club.actor,
        registrationId: cancelled.row.id,
        input: { targetEventId: target.id },
      }),
    );
    expect(cancelledRefusal.code).toBe("invalid_transition");
    expect((await registration(cancelled.row.id)).eventId).toBe(source.id);

    const underWay = await refusalOf(
      moveRegistration(services(), {
        actor: club.actor,
        registrationId: row.id,
        input: { targetEventId: target.id },
        now: new Date(source.startsAt.getTime() + HOUR),
      }),
    );
    expect(underWay.message).toContain("already started");
    expect(await registration(row.id)).toEqual(before);
  });
});

// ── CSV export ────────────────────────────────────────────────────────────────────

describe("the CSV export", () => {
  async function download(query: string, cookie: string) {
    const response = await site.request(`/dashboard/partner/registrations/export.csv${query}`, {
      headers: { Cookie: cookie },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
  }

  it("writes the current filter's teams for Excel: BOM, semicolons, Danish letters, formulas neutralised", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id, { title: "Export Regatta", maxTeams: 10 });
    const elsewhere = await createTestEvent(db(), club.partner.id, { title: "Elsewhere Regatta" });
    await addTeam(event.id, { teamName: "Ærø Søkøbing Å-hold", company: "Blåbær ApS" });
    for (const name of ["=1+1", "+x", "-x", "@x"])
      await addTeam(event.id, { teamName: name, company: "Formula A/S" });
    await addTeam(elsewhere.id, { teamName: "Not In Filter" });

    const { response, bytes, text } = await download(`?event=${event.id}`, club.account.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="registrations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      "Reference;Event;Event date;Status;Team;Company;Captain name;Captain email;Captain phone;Roster named;Booked at;Billing company;CVR;EAN;PO reference;Billing email;Notes",
    );
    expect(lines).toHaveLength(6);
    expect(text).toContain(";Ærø Søkøbing Å-hold;Blåbær ApS;");
    for (const name of ["=1+1", "+x", "-x", "@x"]) expect(text).toContain(`;'${name};`);
    expect(text).not.toContain("Not In Filter");
    expect(text).toContain(";2 of 9;");
    expect(text).toContain(";5790001234567;");
  });

  it("writes one row per rower with roster=1, a team without names once", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id);
    const named = await addTeam(event.id, {
      teamName: "Crew Of Three",
      roster: [{ name: "Ida", email: "ida@teams.example" }, { name: "Bo" }, { name: "Åge" }],
    });
    await addTeam(event.id, { teamName: "Nobody Yet", roster: [] });
    const { text } = await download(`?event=${event.id}&roster=1`, club.account.cookie);
    const lines = text.slice(1).split("\r\n").filter(Boolean);
    // A file of one event also says each rower's swim answer and declaration state (ADR 038).
    expect(lines[0]?.endsWith(";Notes;Member name;Member email;Can swim 300 m;Declaration")).toBe(true);
    expect(lines).toHaveLength(5);
    const crewLines = lines.filter((line) => line.includes("Crew Of Three"));
    expect(crewLines).toHaveLength(3);
    expect(crewLines.every((line) => line.startsWith(named.row.reference))).toBe(true);
    expect(crewLines[0]?.endsWith(";Ida;ida@teams.example;;Invited")).toBe(true);
    expect(crewLines[2]?.endsWith(";Åge;;;No address")).toBe(true);
    expect(lines.filter((line) => line.includes("Nobody Yet"))).toHaveLength(1);
  });

  it("streams more rows than one keyset page, every row once, in the list's order, with its own cells", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id, { title: "Keyset Regatta", maxTeams: 3000 });
    const booker = await createPerson(db(), { label: "keyset-regatta" });
    const teamsCount = KEYSET_PAGE_SIZE + 7;
    const start = Date.now() - DAY;
    // Three teams per millisecond, so pages break inside ties that the id settles ...
    await db()
      .insert(teamRegistrations)
      .values(
        Array.from({ length: teamsCount }, (_, index) => ({
          eventId: event.id,
          userId: booker.id,
          teamName: `Keyset Team ${index + 1}`,
          company: `Keyset Company ${index + 1}`,
          status: "confirmed" as const,
          roster: [],
          createdAt: new Date(start + Math.floor(index / 3)),
        })),
      );
    // ... and half of them a few microseconds later, which a JavaScript Date cannot hold.
    await db().execute(sql`
      update team_registrations set created_at = created_at + (1 + right(team_name, 1)::int) * interval '1 microsecond'
      where event_id = ${event.id} and right(team_name, 1)::int % 2 = 0`);
    const expected = await db()
      .select({ reference: teamRegistrations.reference, teamName: teamRegistrations.teamName })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, event.id))
      .orderBy(desc(teamRegistrations.createdAt), asc(teamRegistrations.id));

    const { response, text } = await download(`?event=${event.id}`, club.account.cookie);
    expect(response.status).toBe(200);
    const lines = text.slice(1).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(teamsCount + 1);
    const rows = lines.slice(1).map((line) => line.split(";"));
    expect(rows.map((cells) => cells[0])).toEqual(expected.map((row) => row.reference));
    // Every row's cells are its own team's, on both sides of each page boundary.
    for (const cells of rows) {
      const number = /^Keyset Team (\d+)$/.exec(cells[4] ?? "")?.[1];
      expect(cells[5]).toBe(`Keyset Company ${number}`);
    }
    expect(new Set(rows.map((cells) => cells[0])).size).toBe(teamsCount);

    const roster = await download(`?event=${event.id}&roster=1`, club.account.cookie);
    expect(roster.text.slice(1).split("\r\n").filter(Boolean)).toHaveLength(teamsCount + 1);
  });

  it("reads keyset pages of any size without skipping or repeating a row, ties and microseconds included", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id, { maxTeams: 40 });
    const booker = await createPerson(db(), { label: "keyset-sizes" });
    const start = Date.now() - DAY;
    // Four teams a millisecond: two a few microseconds into it, two on it (a tie the id settles).
    await db()
      .insert(teamRegistrations)
      .values(
        Array.from({ length: 24 }, (_, index) => ({
          eventId: event.id,
          userId: booker.id,
          teamName: `Sized Team ${index}`,
          company: "Sized A/S",
          status: "confirmed" as const,
          createdAt: new Date(start + Math.floor(index / 4)),
        })),
      );
    await db().execute(sql`
      update team_registrations
      set created_at = created_at + greatest(0, 2 - split_part(team_name, ' ', 3)::int % 4) * interval '1 microsecond'
      where event_id = ${event.id}`);
    const expected = (
      await db()
        .select({ id: teamRegistrations.id })
        .from(teamRegistrations)
        .where(eq(teamRegistrations.eventId, event.id))
        .orderBy(desc(teamRegistrations.createdAt), asc(teamRegistrations.id))
    ).map((row) => row.id);
    for (const size of [1, 2, 3, 4, 5, 7, 24, 25]) {
      const read: string[] = [];
      for await (const rows of registrationPagesForExport(
        db(),
        club.actor,
        filtersOf(`event=${event.id}`),
        size,
      )) {
        expect(rows.length).toBeLessThanOrEqual(size);
        read.push(...rows.map((row) => row.registration.id));
      }
      expect(read, `pages of ${size}`).toEqual(expected);
    }
  });

  it("honours status, company and search, over every page", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id, { maxTeams: 40 });
    for (let index = 0; index < 27; index += 1) await addTeam(event.id, { company: "Bulk A/S" });
    await addTeam(event.id, { company: "Other A/S", status: "waitlisted", captainEmail: "a@novo.dk" });
    const all = (await download("", club.account.cookie)).text.split("\r\n").filter(Boolean);
    expect(all).toHaveLength(29);
    const bulk = (await download("?company=Bulk%20A%2FS", club.account.cookie)).text
      .split("\r\n")
      .filter(Boolean);
    expect(bulk).toHaveLength(28);
    const waiting = (await download("?status=waitlisted&q=novo.dk", club.account.cookie)).text
      .split("\r\n")
      .filter(Boolean);
    expect(waiting).toHaveLength(2);
    expect(waiting[1]).toContain(";Waitlisted;");
  });
});

// ── Crew list and the events list ─────────────────────────────────────────────────

describe("the crew list", () => {
  it("prints confirmed teams in order with captains and numbered seats, then the waitlist", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id, {
      title: "Crew Regatta",
      teamSize: 4,
      location: "Svanemøllehavnen",
    });
    const start = Date.now() - DAY;
    await addTeam(event.id, {
      teamName: "Second Boat",
      createdAt: new Date(start + 2000),
      captainName: "Bea Captain",
      captainPhone: "+45 22 22 22 22",
      roster: [{ name: "Rower B1" }],
    });
    await addTeam(event.id, {
      teamName: "First Boat",
      createdAt: new Date(start + 1000),
      captainName: "Alf Captain",
      captainPhone: "+45 11 11 11 11",
      roster: [{ name: "Rower A1" }, { name: "Rower A2" }],
    });
    await addTeam(event.id, {
      teamName: "Waiting Boat",
      status: "waitlisted",
      createdAt: new Date(start + 3000),
    });
    await addTeam(event.id, { teamName: "Gone Boat", status: "cancelled" });

    for (const cookie of [club.account.cookie, adminAccount.cookie]) {
      const answer = await page(`/dashboard/partner/events/${event.id}/crew-list`, cookie);
      expect(answer.status).toBe(200);
      const main = mainOf(answer.html);
      expect(main).toContain("Crew Regatta");
      expect(main).toContain("Svanemøllehavnen");
      expect(main).toContain("Alf Captain, +45 11 11 11 11");
      expect(main.indexOf("First Boat")).toBeLessThan(main.indexOf("Second Boat"));
      expect(main.indexOf("Second Boat")).toBeLessThan(main.indexOf("Waiting Boat"));
      expect(main).toContain("Rower A2");
      expect(main).not.toContain("Gone Boat");
      // Four seats per confirmed team: 3 blank after one name, 2 after two.
      expect(main.match(/Seat not named yet/g)).toHaveLength(5);
      expect(main).toContain("break-inside-avoid");
      expect(main).toContain(" Print</button>");
    }
  });

  it("pages a long list: the next teams on page 2, their numbers running on, then the waitlist; past the end says so", async () => {
    expect(CREW_LIST_PAGE_SIZE).toBe(50);
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id, { title: "Long Regatta", maxTeams: 53 });
    const booker = await createPerson(db(), { label: "long-regatta" });
    const start = Date.now() - DAY;
    // 53 confirmed teams and 2 waiting, booked a second apart, in one insert.
    await db()
      .insert(teamRegistrations)
      .values(
        Array.from({ length: 55 }, (_, index) => ({
          eventId: event.id,
          userId: booker.id,
          teamName: index < 53 ? `Boat ${index + 1}.` : `Waiting ${index - 52}.`,
          company: "Long A/S",
          status: index < 53 ? ("confirmed" as const) : ("waitlisted" as const),
          captainName: `Captain ${index + 1}`,
          roster: [],
          createdAt: new Date(start + index * 1000),
        })),
      );
    const crewPage = async (query: string) => {
      const answer = await page(
        `/dashboard/partner/events/${event.id}/crew-list${query}`,
        club.account.cookie,
      );
      expect(answer.status).toBe(200);
      return mainOf(answer.html);
    };

    const first = await crewPage("");
    expect(first).toContain("53 of 53 teams confirmed");
    expect(first).toContain("1. Boat 1.");
    expect(first).toContain("50. Boat 50.");
    expect(first).not.toContain("Boat 51.");
    expect(first).not.toContain("Waiting 1.");
    expect(first).toContain("Page 1 of 2 (55 in all)");
    expect(first).toContain(`/crew-list?page=2"`);

    const second = await crewPage("?page=2");
    expect(second).not.toContain("Boat 50.");
    expect(second.indexOf("51. Boat 51.")).toBeGreaterThan(-1);
    expect(second.indexOf("51. Boat 51.")).toBeLessThan(second.indexOf("53. Boat 53."));
    expect(second.indexOf("53. Boat 53.")).toBeLessThan(second.indexOf("1. Waiting 1."));
    expect(second).toContain("2. Waiting 2.");
    expect(second).toContain("53 of 53 teams confirmed");
    expect(second).toContain("Page 2 of 2 (55 in all)");

    const past = await crewPage("?page=3");
    expect(past).toContain("This page is past the end of the list.");
    expect(past).toContain(`href="/dashboard/partner/events/${event.id}/crew-list"`);
    expect(past).not.toContain("Boat 1.");
    expect(past).not.toContain("Waiting");
  });

  it("hides the dashboard's sidebar and header when printed", async () => {
    const club = await newClub();
    const event = await createTestEvent(db(), club.partner.id);
    const { html } = await page(`/dashboard/partner/events/${event.id}/crew-list`, club.account.cookie);
    expect(html).toMatch(/<aside class="[^"]*print:hidden/);
    expect(html).toMatch(/<header class="[^"]*print:hidden/);
  });
});

describe("the events list", () => {
  it("links each published event to its registrations and its messages", async () => {
    const club = await newClub();
    const published = await createTestEvent(db(), club.partner.id, { title: "Linked Regatta" });
    const [draft] = await db()
      .insert(events)
      .values({
        ...published,
        id: randomUUID(),
        slug: `draft-${randomUUID()}`,
        title: "Draft Regatta",
        status: "draft",
        publishedAt: null,
        createKey: null,
      })
      .returning();
    const main = mainOf((await page("/dashboard/partner/events", club.account.cookie)).html);
    expect(main).toContain(`href="/dashboard/partner/registrations?event=${published.id}"`);
    expect(main).toContain(`href="/dashboard/partner/events/${published.id}/messages"`);
    expect(main).not.toContain(`href="/dashboard/partner/registrations?event=${draft!.id}"`);
  });
});
