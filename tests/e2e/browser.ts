import AxeBuilder from "@axe-core/playwright";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { scaled } from "../support/timeouts";

/** Debian's Chromium, started without the background services this closed network refuses. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: [
      // The site is served through a TLS proxy with a certificate the test made.
      "--ignore-certificate-errors",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Collects errors the page reports, so a test can assert there were none. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Fails with a readable list when axe finds any accessibility violation. */
export async function expectNoAxeViolations(page: Page) {
  // A toast still fading in or out is measured at part of its opacity, which reads as too
  // little contrast; the page is judged as it settles.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running"),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/** Waits until the page's modules have loaded and React has hydrated the document. */
export async function waitForHydration(page: Page) {
  await page.waitForLoadState("networkidle");
}

type FreshPage = { context: BrowserContext; page: Page; errors: string[] };

/**
 * One browser for the test file and a new context and page for each test, so no test
 * sees another's cookies. `use` receives them before each test.
 */
export function withFreshPage(use: (fresh: FreshPage) => void, options?: BrowserContextOptions) {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    // Requests the test makes itself (context.request) trust the proxy's certificate too.
    context = await browser.newContext({ ignoreHTTPSErrors: true, ...options });
    // Playwright's own waits (30 s for an action or a navigation) scale like the suite's.
    context.setDefaultTimeout(scaled(30_000));
    const page = await context.newPage();
    use({ context, page, errors: trackPageErrors(page) });
  });
  afterEach(() => context?.close());
}

/**
 * Opens a page with `open` until `shown` is on it: what a worker's job adds after a
 * request (a booking's invoice, issued by its `finish-booking` job within moments) shows
 * on a later load of the page, as it would for a visitor who reloads.
 */
export async function openUntilShown(open: () => Promise<unknown>, shown: () => Locator) {
  await expect
    .poll(
      async () => {
        await open();
        return shown().count();
      },
      { timeout: scaled(60_000), interval: 1000 },
    )
    .toBeGreaterThan(0);
}
