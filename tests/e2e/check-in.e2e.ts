import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { signInAs } from "./sessions";

// The check-in page (ADR 038): staff open it online, the roster is saved on the phone,
// the network goes, they type a reference and check a team in, the page reloads offline
// from its service worker, the queue is sent when the network is back, and a second
// phone sees who checked the seat in.
const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
let context: BrowserContext;
let page: Page;
withFreshPage((fresh) => ({ context, page } = fresh));

type Snapshot = {
  teams: Array<{
    reference: string;
    teamName: string;
    status: string;
    seats: Array<{ name: string | null }>;
  }>;
};

/** One of the partner's events with a confirmed team whose seats have names, by its roster. */
async function eventWithTeam(request: BrowserContext["request"]) {
  const list = await (await request.get(`${baseUrl}/dashboard/partner/events`)).text();
  const ids = [
    ...new Set(
      [...list.matchAll(/\/dashboard\/partner\/events\/([0-9a-f-]{36})/g)].map((match) => match[1]!),
    ),
  ];
  for (const eventId of ids) {
    const response = await request.get(`${baseUrl}/dashboard/partner/check-in/${eventId}/roster.json`);
    if (response.status() !== 200) continue;
    const snapshot = (await response.json()) as Snapshot;
    const team = snapshot.teams.find(
      (candidate) =>
        candidate.status === "confirmed" && candidate.seats.length > 0 && candidate.seats[0]!.name,
    );
    if (team) return { eventId, team };
  }
  throw new Error("No event of the partner has a confirmed team with named seats.");
}

type DeclarableSnapshot = {
  teams: Array<{
    reference: string;
    teamName: string;
    status: string;
    seats: Array<{
      name: string | null;
      swims: boolean | null;
      declaration: string;
      declaredBy: string | null;
    }>;
  }>;
};

/** An event with a confirmed team and a named rower who has not declared (no link used). */
async function eventWithUndeclaredRower(request: BrowserContext["request"]) {
  const list = await (await request.get(`${baseUrl}/dashboard/partner/events`)).text();
  const ids = new Set(
    [...list.matchAll(/\/dashboard\/partner\/events\/([0-9a-f-]{36})/g)].map((match) => match[1]!),
  );
  for (const eventId of ids) {
    const response = await request.get(`${baseUrl}/dashboard/partner/check-in/${eventId}/roster.json`);
    if (response.status() !== 200) continue;
    const snapshot = (await response.json()) as DeclarableSnapshot;
    for (const team of snapshot.teams) {
      if (team.status !== "confirmed") continue;
      const seat = team.seats.find(
        (candidate) =>
          candidate.name &&
          candidate.declaredBy === null &&
          (candidate.swims === null || candidate.declaration === "missing"),
      );
      if (seat) return { eventId, team, name: seat.name! };
    }
  }
  throw new Error("No event of the partner has a named rower without a declaration.");
}

const statusLine = (on: Page) => on.locator("#check-in-status");

async function openTeam(on: Page, typed: string, teamName: string) {
  await on.getByLabel("Booking reference").fill(typed);
  await on.getByRole("button", { name: "Open", exact: true }).click();
  const heading = on.getByRole("heading", { name: teamName, exact: true });
  await heading.waitFor();
  // The focus moves to the roll call's heading, so a screen reader starts there.
  await expect.poll(() => on.evaluate(() => document.activeElement?.id)).toBe("check-in-team-heading");
}

describe("the check-in page", () => {
  it("checks a team in offline, keeps the page on the phone and sends the check-ins when back online", async () => {
    await signInAs(context, accounts.partner);
    const { eventId, team } = await eventWithTeam(context.request);
    const path = `/dashboard/partner/check-in/${eventId}`;
    await page.goto(`${baseUrl}${path}`);
    await expect
      .poll(() => statusLine(page).textContent())
      .toMatch(/^Roster saved \d\d:\d\d · \d+ teams · 0 check-ins waiting$/);
    // No React on this page: its one script is the check-in page's own.
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // The service worker has kept the page, for the next visit without a network.
    await expect
      .poll(() =>
        page.evaluate(
          async (url) => Boolean(await caches.match(url, { cacheName: "check-in-pages" })),
          `${baseUrl}${path}`,
        ),
      )
      .toBe(true);
    await expectNoAxeViolations(page);

    // A reference that is no booking's is answered next to the field.
    await page.getByLabel("Booking reference").fill("nonsense");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect
      .poll(() => page.locator("#check-in-reference-error").textContent())
      .toMatch(/not a booking reference/);
    expect(await page.getByLabel("Booking reference").getAttribute("aria-invalid")).toBe("true");

    await context.setOffline(true);
    // The processor slowed 4×, as Lighthouse's mid-range phone is, while the team opens: the
    // figure "scan to roll call" is printed for docs/benchmarks.md, not asserted (a busy
    // machine would make it a flaky timed test).
    const devtools = await context.newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    // Typed in lower case and without the prefix: the same team.
    await openTeam(page, team.reference.replace("RCL-", "").toLowerCase(), team.teamName);
    const scanToRollCall = await page.evaluate(
      () => performance.getEntriesByName("scan-to-roll-call")[0]?.duration,
    );
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    console.info(
      `Scan to roll call (typed reference, offline, CPU 4× slower): ${scanToRollCall?.toFixed(1)} ms`,
    );
    expect(scanToRollCall).toBeGreaterThan(0);
    await page.getByRole("button", { name: "All present" }).click();
    await expect.poll(() => statusLine(page).textContent()).toMatch(/· 1 check-ins waiting/);
    await expectNoAxeViolations(page);

    // Reloaded without a network, the page comes from the phone with its queue.
    await page.reload();
    await expect.poll(() => statusLine(page).textContent()).toMatch(/· 1 check-ins waiting/);
    await openTeam(page, team.reference, team.teamName);
    await page.getByText("Present · waiting to be sent").first().waitFor();

    await context.setOffline(false);
    await expect
      .poll(() => statusLine(page).textContent(), { timeout: 30_000 })
      .toMatch(/· 0 check-ins waiting$/);

    // A second phone, another person: the seat is theirs already, with who and when.
    const other = await context.browser()!.newContext({ ignoreHTTPSErrors: true });
    try {
      await signInAs(other, accounts.admin);
      const second = await other.newPage();
      await second.goto(`${baseUrl}${path}`);
      await expect.poll(() => statusLine(second).textContent()).toMatch(/^Roster saved/);
      await openTeam(second, team.reference, team.teamName);
      await second
        .getByText(
          new RegExp(`Checked in by ${accounts.partner.email.replaceAll(".", "\\.")} at \\d\\d:\\d\\d`),
        )
        .first()
        .waitFor();
      // Its present button is not offered: the first phone's check-in stands.
      expect(await second.getByRole("button", { name: `Present: ${team.seats[0]!.name}` }).count()).toBe(0);
      await expectNoAxeViolations(second);
    } finally {
      await other.close();
    }
  });

  it("takes a named rower's declaration at the jetty offline, sends it, and signing out clears the phone", async () => {
    // A session of its own: signing out ends it, and the other tests keep theirs.
    await page.goto(`${baseUrl}/login`);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(accounts.partner.email);
    await page.getByLabel("Password", { exact: true }).fill("rowing-demo-2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/dashboard"));
    const { eventId, team, name } = await eventWithUndeclaredRower(context.request);
    // The partner writes a new version of the declaration, the one staff read out at the jetty.
    await page.goto(`${baseUrl}/dashboard/partner/events/${eventId}/day`);
    await waitForHydration(page);
    await page
      .getByLabel(/^Declaration \((English|Danish)\)$/)
      .first()
      .fill(`I row at my own risk, said at the jetty (${Date.now()}).`);
    await page.getByRole("button", { name: "Save declaration" }).click();
    await page.getByRole("rowheader", { name: /\(current\)$/ }).waitFor({ timeout: 30_000 });
    const path = `/dashboard/partner/check-in/${eventId}`;
    await page.goto(`${baseUrl}${path}`);
    await expect
      .poll(() => statusLine(page).textContent())
      .toMatch(/^Roster saved .* · 0 check-ins waiting$/);

    await context.setOffline(true);
    await openTeam(page, team.reference, team.teamName);
    const form = page.locator("details", { hasText: `Declaration at the jetty for ${name}` });
    await form.locator("summary").click();
    await form.getByRole("button", { name: "Record declaration" }).click();
    await form.getByText("Choose whether the rower can swim 300 m.").waitFor();
    await expectNoAxeViolations(page);
    // A "no" shows the event's rule for non-swimmers (or that they may not row) at once.
    await form.getByLabel("No", { exact: true }).check();
    await expect
      .poll(async () => (await form.locator("fieldset p").first().textContent())?.length ?? 0)
      .toBeGreaterThan(10);
    await form.getByLabel("Emergency contact's name").fill("Karen Holm");
    await form.getByLabel("Emergency contact's phone").fill("not a phone");
    await form.getByRole("button", { name: "Record declaration" }).click();
    await form.getByText("Please enter a valid phone number").waitFor();
    await form.getByLabel("Emergency contact's phone").fill("+45 20 30 40 50");
    // The roll call is drawn again by every sync (each 15 s) and tap: the form being filled
    // in keeps what was typed, stays open and keeps the focus.
    await page.evaluate(() => {
      for (const item of document.querySelectorAll<HTMLElement>("ol > li")) item.dataset.drawn = "before";
      dispatchEvent(new Event("online"));
    });
    await expect.poll(() => page.locator('ol > li[data-drawn="before"]').count()).toBe(0);
    expect(await form.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    expect(await form.getByLabel("Emergency contact's name").inputValue()).toBe("Karen Holm");
    expect(await form.getByLabel("No", { exact: true }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("tel");
    await form.getByText(/^Declaration, version \d+: read it to the rower$/).waitFor();
    await form.getByText("said at the jetty").waitFor();
    await form.getByRole("button", { name: "Record declaration" }).click();
    await form.getByText("Tick the box once the rower has accepted the declaration.").waitFor();
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Record declaration" }).click();
    await expect.poll(() => statusLine(page).textContent()).toMatch(/· 1 check-ins waiting/);
    await page.getByText("Declaration given at the jetty · waiting to be sent").waitFor();
    await expectNoAxeViolations(page);

    await context.setOffline(false);
    await expect
      .poll(() => statusLine(page).textContent(), { timeout: 30_000 })
      .toMatch(/· 0 check-ins waiting$/);
    const roster = (await (
      await context.request.get(`${baseUrl}${path}/roster.json`)
    ).json()) as DeclarableSnapshot;
    const declared = roster.teams
      .find((candidate) => candidate.reference === team.reference)!
      .seats.find((seat) => seat.name === name);
    expect(declared).toMatchObject({ swims: false, declaration: "accepted", declaredBy: "staff" });

    // A check-in that cannot be sent: signing out says how many would be lost, first.
    await context.route(`${baseUrl}${path}/sync`, (route) => route.abort());
    await page.getByRole("button", { name: `Present: ${name}` }).click();
    await expect.poll(() => statusLine(page).textContent()).toMatch(/· 1 check-ins waiting/);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByText("1 check-ins on this phone have not been sent.", { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Stay signed in" }).click();
    expect(await page.locator("#check-in-sign-out-warning").isHidden()).toBe(true);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("button", { name: "Sign out and delete them" }).click();
    await page.waitForURL((url) => url.pathname === "/login");

    // Nothing of the day is left on the phone, and the session is gone.
    const left = await page.evaluate(async () => {
      const databases = await indexedDB.databases();
      let entries = 0;
      if (databases.some((database) => database.name === "rcl-check-in")) {
        entries = await new Promise<number>((resolve, reject) => {
          const opened = indexedDB.open("rcl-check-in");
          opened.onerror = () => reject(opened.error);
          opened.onsuccess = () => {
            const db = opened.result;
            if (!db.objectStoreNames.contains("keyval")) return resolve(0);
            const counted = db.transaction("keyval").objectStore("keyval").count();
            counted.onsuccess = () => resolve(counted.result);
          };
        });
      }
      const kept = (await caches.keys()).filter((name) => name.startsWith("check-in-"));
      return { entries, kept };
    });
    expect(left).toEqual({ entries: 0, kept: [] });
    expect((await context.request.get(`${baseUrl}${path}/roster.json`)).status()).toBe(401);
  });
});
