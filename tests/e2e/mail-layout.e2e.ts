import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGO_DATA_URL, renderEmail } from "#server/email/layout";
import { sampleMails } from "#server/http/mail-samples";
import { launchBrowser } from "./browser";

const brand = {
  name: "Rethink Corporate Life",
  cvr: "43218778",
  address: "Strandvejen 100, 2900 Hellerup",
};

/** Text with its runs of white space as one space, as a browser lays it out. */
const words = (text: string) => text.replace(/\s+/g, " ").trim();

// Each mail as a mail client's web view shows it: on a phone and on a desktop.
describe.each([375, 1024])("mail at %i px", (width) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(Object.keys(sampleMails))("shows %s whole, without sideways scrolling", async (name) => {
    const { content } = sampleMails[name]!();
    const { html } = await renderEmail(content, brand, { logoSrc: LOGO_DATA_URL });
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    try {
      await page.setContent(html);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(content.heading);
      const logo = page.getByRole("img", { name: "Rethink Corporate Life" });
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await logo.isVisible()).toBe(true);
      if (content.action) {
        expect(await page.getByRole("link", { name: content.action.label }).isVisible()).toBe(true);
      }
      expect(await page.getByText("CVR: 43218778").isVisible()).toBe(true);
      expect(await page.getByText(content.reason!).isVisible()).toBe(true);
      // Every paragraph and detail is there, line by line, as the reader sees it.
      const shown = words(await page.locator("body").innerText());
      const written = [...content.paragraphs, ...(content.details ?? []).flat()].flatMap((value) =>
        value.split("\n"),
      );
      for (const line of written) expect(shown).toContain(words(line));
      const widths = await page.evaluate(() => ({
        scroll: document.scrollingElement!.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    } finally {
      await page.close();
    }
  });
});
