import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { withFreshPage } from "./browser";
import { signInAs } from "./sessions";

// The check-in page's service worker (ADR 038), with the roster answered by the test (a
// stand-in for roster.json; check-in.e2e.ts uses the real one): it keeps the event's page
// and the page's files, so the page opens again with the network cut, its queue intact.
const baseUrl = inject("baseUrl");
const accounts = inject("accounts");
let context: BrowserContext;
let page: Page;
withFreshPage((fresh) => ({ context, page } = fresh));

const ROSTER = {
  event: {
    id: "event",
    title: "Harbour Sprint",
    startsAt: "2026-06-01T08:00:00Z",
    endsAt: "2026-06-01T12:00:00Z",
    place: "Copenhagen",
    nonSwimmers: "not_allowed",
    nonSwimmerRule: "",
    declarationVersion: null,
  },
  generatedAt: "2026-06-01T06:00:00Z",
  teams: [
    {
      registrationId: "10000000-0000-4000-8000-000000000001",
      reference: "RCL-7K3Q9P",
      teamName: "Harbour Rowers",
      company: null,
      captainName: "Cato Captain",
      status: "confirmed",
      seats: [
        {
          seatId: "00000000-0000-4000-8000-000000000001",
          number: 1,
          name: "Asta Oar",
          swims: true,
          declaration: "not_needed",
          state: "confirmed",
          addedAtJetty: false,
          attendance: null,
        },
      ],
    },
  ],
  counts: { teams: 1, teamsCheckedIn: 0, rowers: 1, rowersPresent: 0, declarationsMissing: 0 },
};

const status = () => page.locator("#check-in-status");

describe("the check-in page offline", () => {
  it("opens from the phone with the network cut, after one visit online", async () => {
    await signInAs(context, accounts.partner);
    const list = await (await context.request.get(`${baseUrl}/dashboard/partner/events`)).text();
    const eventId = /\/dashboard\/partner\/events\/([0-9a-f-]{36})/.exec(list)?.[1];
    expect(eventId).toBeDefined();
    await context.route(`${baseUrl}/dashboard/partner/check-in/${eventId}/roster.json`, (route) =>
      route.fulfill({ status: 200, json: ROSTER, headers: { ETag: '"v1"' } }),
    );
    const url = `${baseUrl}/dashboard/partner/check-in/${eventId}`;
    await page.goto(url);
    await expect
      .poll(() => status().textContent())
      .toMatch(/^Roster saved \d\d:\d\d · 1 teams · 0 check-ins waiting$/);
    // The worker keeps the page, and the script, the ponyfill, the wasm and the stylesheet by name.
    const kept = async () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname);
        }
        return urls.sort();
      });
    await expect
      .poll(kept, { timeout: 20_000 })
      .toEqual(
        expect.arrayContaining([
          `/dashboard/partner/check-in/${eventId}`,
          expect.stringMatching(/^\/assets\/check-in-[\w-]+\.js$/),
          expect.stringMatching(/^\/assets\/check-in-ponyfill-[\w-]+\.js$/),
          expect.stringMatching(/^\/assets\/zxing_reader-\w+\.wasm$/),
          expect.stringMatching(/^\/assets\/app-[\w-]+\.css$/),
        ]),
      );
    // Nothing but the check-in page and its files.
    expect(
      (await kept()).every(
        (path) => path.startsWith("/assets/") || path.startsWith("/dashboard/partner/check-in/"),
      ),
    ).toBe(true);

    await context.setOffline(true);
    await page.getByLabel("Booking reference").fill("RCL-7K3Q9P");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByRole("button", { name: "Present: Asta Oar" }).click();
    await expect.poll(() => status().textContent()).toMatch(/· 1 check-ins waiting/);

    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${baseUrl}/dashboard/partner/check-in/sw.js`,
    );
    await expect
      .poll(() => status().textContent())
      .toMatch(/^Roster saved .* · 1 check-ins waiting\. Offline/);
    await page.getByLabel("Booking reference").fill("7K3Q9P");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByText("Present · waiting to be sent").waitFor();
  });
});
