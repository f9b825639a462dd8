import type { BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, withFreshPage } from "./browser";
import { signInAs } from "./sessions";

// The check-in page's own behaviour (ADR 038), with its data answered by the test: the
// roster and the sync endpoint are stood in for here, so the page's script is tried on its
// own (check-in.e2e.ts runs the whole day against the real endpoints). Service workers are
// blocked, as the browser would otherwise answer the page's requests before the test could.
const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
let context: BrowserContext;
let page: Page;
withFreshPage((fresh) => ({ context, page } = fresh), { serviceWorkers: "block" });

const seat = (number: number, name: string, extra: Record<string, unknown> = {}) => ({
  seatId: `00000000-0000-4000-8000-00000000000${number}`,
  number,
  name,
  swims: true,
  declaration: "accepted",
  state: "confirmed",
  addedAtJetty: false,
  attendance: null,
  ...extra,
});

const ROSTER = {
  event: {
    id: "event",
    title: "Harbour Sprint",
    startsAt: "2026-06-01T08:00:00Z",
    endsAt: "2026-06-01T12:00:00Z",
    place: "Copenhagen",
    nonSwimmers: "with_rule",
    nonSwimmerRule: "Non-swimmers row with a life jacket.",
    declarationVersion: 2,
  },
  generatedAt: "2026-06-01T06:00:00Z",
  teams: [
    {
      registrationId: "10000000-0000-4000-8000-000000000001",
      reference: "RCL-7K3Q9P",
      teamName: "Harbour Rowers",
      company: "Acme",
      captainName: "Cato Captain",
      status: "confirmed",
      seats: [
        seat(1, "Asta Oar"),
        seat(2, "Bo Blade", { swims: false, declaration: "missing" }),
        seat(3, "Cy Cox", {
          attendance: { state: "present", byEmail: "anna@club.dk", at: "2026-06-01T07:12:00Z" },
        }),
      ],
    },
    ...Array.from({ length: 200 }, (_, index) => ({
      registrationId: `20000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
      reference: `RCL-${String(index).padStart(6, "0")}`,
      teamName: `Team ${index}`,
      company: null,
      captainName: "Captain",
      status: "confirmed",
      seats: Array.from({ length: 8 }, (_, number) => seat(number + 1, `Rower ${number + 1}`)),
    })),
  ],
  counts: { teams: 201, teamsCheckedIn: 0, rowers: 1603, rowersPresent: 1, declarationsMissing: 1 },
};

type SyncBody = { deviceId: string; ops: Array<{ id: string; seatId: string | null; kind: string }> };

/** Stands in for roster.json (with its ETag) and the sync endpoint, as the contract has them. */
async function standIn(eventId: string, answer: (body: SyncBody) => { status: number; body: unknown }) {
  const synced: SyncBody[] = [];
  await context.route(`${baseUrl}/dashboard/partner/check-in/${eventId}/roster.json`, (route: Route) =>
    route.request().headers()["if-none-match"] === '"v1"'
      ? route.fulfill({ status: 304 })
      : route.fulfill({ status: 200, json: ROSTER, headers: { ETag: '"v1"' } }),
  );
  await context.route(`${baseUrl}/dashboard/partner/check-in/${eventId}/sync`, (route: Route) => {
    const body = route.request().postDataJSON() as SyncBody;
    synced.push(body);
    const { status, body: json } = answer(body);
    return route.fulfill({ status, json });
  });
  return synced;
}

/** One of the partner's events, from its events list. */
async function anEvent(): Promise<string> {
  const list = await (await context.request.get(`${baseUrl}/dashboard/partner/events`)).text();
  const id = /\/dashboard\/partner\/events\/([0-9a-f-]{36})/.exec(list)?.[1];
  if (!id) throw new Error("The partner has no event.");
  return id;
}

const status = () => page.locator("#check-in-status");

describe("the check-in page on its own", () => {
  it("opens a roll call from a typed reference at once, queues taps, keeps them over a reload and sends them", async () => {
    await signInAs(context, accounts.partner);
    const eventId = await anEvent();
    let online = false;
    const synced = await standIn(eventId, (body) =>
      online
        ? {
            status: 200,
            body: {
              results: body.ops.map((op) => ({ id: op.id, outcome: "applied" })),
              counts: ROSTER.counts,
            },
          }
        : { status: 401, body: { error: "signed_out" } },
    );
    await page.goto(`${baseUrl}/dashboard/partner/check-in/${eventId}`);
    await expect
      .poll(() => status().textContent())
      .toMatch(/^Roster saved \d\d:\d\d · 201 teams · 0 check-ins waiting$/);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await expectNoAxeViolations(page);

    await page.getByLabel("Booking reference").fill("7k3q9p/2");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByRole("heading", { name: "Harbour Rowers", exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("check-in-team-heading");
    const measured = await page.evaluate(
      () => performance.getEntriesByName("scan-to-roll-call")[0]?.duration,
    );
    // A figure for docs/benchmarks.md, not a timed test: measured, printed, never asserted.
    console.info(`Scan to roll call (typed, 201 teams): ${measured?.toFixed(1)} ms`);
    expect(measured).toBeGreaterThan(0);

    // The roll call: the swim answer with the rule under a "no", the missing declaration, and
    // the seat another phone took, without buttons.
    const roll = page.locator("#check-in-roll-call");
    await roll.getByText("Non-swimmers row with a life jacket.").waitFor();
    await roll.getByText("Declaration missing").waitFor();
    await roll.getByText(/^Checked in by anna@club\.dk at \d\d:\d\d$/).waitFor();
    expect(await roll.getByRole("button", { name: "Present: Cy Cox" }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // An ended session keeps the taps and asks to sign in again.
    await page.getByRole("button", { name: "All present" }).click();
    await page.getByRole("button", { name: "Absent: Bo Blade" }).click();
    await page.locator("#check-in-alert").getByRole("link", { name: "Sign in again" }).waitFor();
    await expect.poll(() => status().textContent()).toMatch(/· 2 check-ins waiting$/);
    expect(await page.getByRole("button", { name: "Absent: Bo Blade" }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    // The substitute form says what is missing next to the field and keeps what was typed.
    await page.getByText("Substitute", { exact: true }).click();
    await page.getByRole("button", { name: "Add substitute" }).click();
    await page.getByText("Write the substitute's name.").waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Dina Deck");
    await page.getByRole("button", { name: "Add substitute" }).click();
    await page.getByText("Choose whether the substitute can swim 300 m.").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Dina Deck");
    // The substitute's own "Yes": a rower without a declaration has a form of their own.
    await page
      .locator("details")
      .filter({ has: page.getByRole("button", { name: "Add substitute" }) })
      .getByLabel("Yes")
      .check();
    await page.getByLabel("Accepted the declaration here at the jetty").check();
    await page.getByRole("button", { name: "Add substitute" }).click();
    await page.getByText(/^Substitute Dina Deck · Swims 300 m · waiting to be sent$/).waitFor();
    await expectNoAxeViolations(page);

    // The queue is on the phone: a reload finds it.
    await page.reload();
    await expect.poll(() => status().textContent()).toMatch(/· 3 check-ins waiting$/);

    online = true;
    await page.evaluate(() => dispatchEvent(new Event("online")));
    await expect.poll(() => status().textContent(), { timeout: 30_000 }).toMatch(/· 0 check-ins waiting$/);
    const ops = synced.flatMap((body) => body.ops);
    // Each op went with its own id, and the same ids again after the 401: counted once on the server.
    const lastSent = synced.at(-1)!.ops;
    expect(lastSent.map((op) => op.kind)).toEqual(["present", "absent", "substitute"]);
    expect(new Set(ops.map((op) => op.id)).size).toBe(3);
    expect(synced.every((body) => body.deviceId === synced[0]!.deviceId)).toBe(true);
  });

  it("lists an op the server refused with its reason until it is dismissed", async () => {
    await signInAs(context, accounts.partner);
    const eventId = await anEvent();
    await standIn(eventId, (body) => ({
      status: 200,
      body: {
        results: body.ops.map((op) => ({
          id: op.id,
          outcome: "refused",
          reason: "Booking cancelled",
          code: "booking_not_confirmed",
        })),
        counts: ROSTER.counts,
      },
    }));
    await page.goto(`${baseUrl}/dashboard/partner/check-in/${eventId}`);
    await expect.poll(() => status().textContent()).toMatch(/^Roster saved/);
    await page.getByLabel("Booking reference").fill("RCL-000007");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByRole("button", { name: "Present: Rower 1" }).click();
    const refused = page.getByRole("region", { name: "Check-ins the server refused" });
    await refused.getByText("Team 7 · Rower 1: Booking cancelled").waitFor();
    await expect.poll(() => status().textContent()).toMatch(/· 0 check-ins waiting$/);
    await expectNoAxeViolations(page);
    await refused.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => refused.isVisible()).toBe(false);
  });
});
