import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, waitForHydration, withFreshPage } from "./browser";
import { signInAs } from "./sessions";

const baseUrl = inject("baseUrl");
// The demo partner account is a member of Frankfurter RG Germania.
const account = inject("accounts").partner;
const EDITOR = "/dashboard/partner/profile";
const PUBLIC_PAGE = "/partners/frankfurter-rg-germania";
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
withFreshPage((fresh) => ({ context, page, errors: pageErrors } = fresh));

async function openEditor() {
  await signInAs(context, account);
  await page.goto(`${baseUrl}${EDITOR}`);
  await waitForHydration(page);
  // The server's textarea has the same name until the editor's code has arrived.
  await page.getByRole("toolbar", { name: "Formatting: Full description (English)" }).waitFor();
  return page.getByRole("textbox", { name: "Full description (English)" });
}

describe("the partner profile editor", () => {
  it("has no accessibility violations, with the rich-text editor loaded", async () => {
    await openEditor();
    await expect
      .poll(() => page.getByRole("toolbar", { name: "Formatting: Full description (English)" }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });

  it("edits the description in the rich-text editor, previews it and shows it on the public profile", async () => {
    const editor = await openEditor();
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Edited in the browser, ");
    const bold = page
      .getByRole("toolbar", { name: "Formatting: Full description (English)" })
      .getByRole("button", { name: "Bold", exact: true });
    await bold.click();
    expect(await bold.getAttribute("aria-pressed")).toBe("true");
    // The toolbar gives the focus back to the text a moment after the click; on a busy
    // machine keystrokes sent before then went to the button and were lost.
    await expect
      .poll(() => editor.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.type("now in bold");
    await expect.poll(() => editor.innerHTML()).toContain("<strong>now in bold</strong>");

    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview, not saved yet" });
    // The preview's text arrives after its region appears.
    await preview.locator("strong", { hasText: "now in bold" }).waitFor();
    expect(await preview.locator("strong", { hasText: "now in bold" }).count()).toBe(1);
    await expectNoAxeViolations(page);
    // The preview kept the typed text in the editor.
    expect(await editor.textContent()).toContain("Edited in the browser, now in bold");

    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Your partner profile has been saved.").waitFor();

    await page.getByRole("link", { name: "View public page" }).click();
    await page.waitForURL(`${baseUrl}${PUBLIC_PAGE}`);
    // A client-side navigation changes the URL before the editor's page has gone: its two
    // editors (both languages) would match too.
    await page.getByRole("button", { name: "Save profile" }).waitFor({ state: "detached" });
    const about = page.locator(".prose-rich");
    await about.locator("strong", { hasText: "now in bold" }).waitFor();
    expect(await about.textContent()).toContain("Edited in the browser, now in bold");
    expect(pageErrors).toEqual([]);
  });

  it("keeps the text and the focus when the editor takes over from the textarea being typed in", async () => {
    // The editor's code is held back until the textarea has been typed in. The page asks
    // for it once it has hydrated.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let hydrated = () => undefined as void;
    const requested = new Promise<void>((resolve) => (hydrated = resolve));
    await page.route(/\/assets\/tiptap-editor-[\w-]+\.js$/, async (route) => {
      hydrated();
      await released;
      await route.continue();
    });
    await signInAs(context, account);
    await page.goto(`${baseUrl}${EDITOR}`, { waitUntil: "commit" });
    await requested;
    const textarea = page
      .locator("textarea")
      .and(page.getByRole("textbox", { name: "Full description (English)" }));
    await textarea.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("<p>Typed before the editor came</p>");
    release();
    await page.unrouteAll({ behavior: "wait" });
    await page.getByRole("toolbar", { name: "Formatting: Full description (English)" }).waitFor();
    const editor = page.getByRole("textbox", { name: "Full description (English)" });
    await expect.poll(() => editor.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(", and after it");
    expect(await editor.textContent()).toContain("Typed before the editor came, and after it");
    expect(pageErrors).toEqual([]);
  });

  it("lets an admin choose the partner to edit", async () => {
    await signInAs(context, inject("accounts").admin);
    await page.goto(`${baseUrl}${EDITOR}`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page
      .getByRole("navigation", { name: "Choose a partner" })
      .getByRole("link", { name: "Frankfurter RG Germania" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Profile: Frankfurter RG Germania" }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it("adds, reorders and removes facilities in the browser", async () => {
    await openEditor();
    const facilities = page.getByRole("group", { name: "Facilities" });
    // Each facility in the main language, its Danish beside it.
    const rows = facilities.getByRole("textbox", { name: /\(English\)$/ });
    const before = await rows.count();
    await page.getByRole("button", { name: "Add facility" }).click();
    await expect.poll(() => rows.count()).toBe(before + 1);
    await rows.last().fill("Rowing tank");
    await page.getByRole("button", { name: `Move facility ${before + 1} up` }).click();
    await expect.poll(() => rows.nth(before - 1).inputValue()).toBe("Rowing tank");
    await page.getByRole("button", { name: `Remove facility ${before}` }).click();
    await expect.poll(() => rows.count()).toBe(before);
    expect(pageErrors).toEqual([]);
  });

  it("shows a bad founding year next to its field and focuses the error summary", async () => {
    await openEditor();
    const founded = page.getByLabel("Founded");
    await founded.fill("1700");
    await page.getByRole("button", { name: "Save profile" }).click();
    const summary = page.getByRole("group", { name: "There is a problem" });
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByText("Please enter a year from 1800 on").count()).toBeGreaterThan(0);
    expect(await founded.inputValue()).toBe("1700");
    expect(pageErrors).toEqual([]);
  });
});
