import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#server/db/schema";
import { createAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});

afterAll(async () => {
  await site?.close();
});

const ASSETS = fileURLToPath(new URL("../../build/client/assets", import.meta.url));

/**
 * The browser chunks of code that public pages must not load up front, by the name the
 * bundler (Rolldown) gives each after one of its modules: the rich-text editor, the dialog
 * library, the toast library (loaded when a toast shows), the form library and the form
 * schemas (loaded as a form page hydrates). The form library shares its chunk with the
 * form fields, which Rolldown names after `use-app-form.ts`.
 */
const DASHBOARD_ONLY = ["tiptap-editor", "dialog", "sonner-toaster"];
const FORMS = ["use-app-form", "fields-"];

const PAGES_WITHOUT_FORMS = [
  "/",
  "/events",
  "/events/riverside-team-racing",
  "/partners",
  "/partners/copenhagen-harbour-rowing-club",
  "/about",
  "/networking",
  "/terms",
  "/privacy",
];

/**
 * The public pages with a form, whose form code (Conform and the schemas) loads as the
 * page hydrates, by the chunk of each form's component.
 */
const DEFERRED_FORMS = {
  "/login": "login-form",
  "/signup": "signup-form",
  "/forgot-password": "forgot-password-form",
  "/reset-password?token=emailed-token": "reset-password-form",
  "/contact": "contact-form",
  "/partners/apply": "partner-application-form",
  "/partners/copenhagen-harbour-rowing-club/inquire": "partner-inquiry-form",
};

/**
 * ADR 027's budget: the first-load JavaScript of every public page, as a browser that
 * accepts gzip receives it and as `npm run bench` measures it, at most 120 KiB.
 */
const BUDGET_KIB = 120;
const ENGLISH_PAGES = [...PAGES_WITHOUT_FORMS, ...Object.keys(DEFERRED_FORMS)];
/** Every one of them in Danish too (ADR 033): each page carries its own messages only. */
const WITHIN_BUDGET = [
  ...ENGLISH_PAGES,
  ...ENGLISH_PAGES.map((path) => (path === "/" ? "/da" : `/da${path}`)),
];

/**
 * Sections of the content pages that hydrate after the first load (ADR 027), by the chunk
 * of each: below the hero, the cover picture or the booking button. The server renders
 * them with the page.
 */
const DEFERRED_SECTIONS = {
  "/": { chunks: ["why-choose", "networking-teaser", "partner-strip"], text: "Why Choose RCL" },
  "/events/riverside-team-racing": {
    chunks: ["event-page-parts", "event-grid", "event-share-actions"],
    // The information tabs, in the first of the deferred sections.
    text: 'role="tablist"',
  },
  "/partners": {
    chunks: ["partner-benefits", "partner-onboarding", "partner-faq"],
    text: "Frequently Asked Questions",
  },
  "/partners/copenhagen-harbour-rowing-club": { chunks: ["partner-profile-tabs"], text: 'role="tablist"' },
};

/** The scripts a page's HTML loads at once: its module scripts and modulepreloads. */
function firstLoadScripts(html: string): string[] {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+\.js)"/g)];
  const imports = [...html.matchAll(/import\("\/assets\/([^"]+\.js)"\)/g)];
  return [...new Set([...preloads, ...imports].map((match) => match[1]!))];
}

const chunkNamed = (file: string, name: string) => file.startsWith(name);

/** A minified `import("./file")` of a chunk whose file name matches `file`, in either quotes. */
const dynamicImport = (file: string) => new RegExp(`import\\(["\`]\\./${file}["\`]\\)`);

/**
 * The page's main content as a browser without JavaScript shows it. React may write a
 * finished Suspense boundary out of place (a placeholder, its HTML hidden further down for
 * an inline script to move in); the deferred sections and forms must be written in place.
 */
function inPlace(html: string): string {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
  expect(main).not.toContain('<template id="B:');
  return main;
}

/**
 * What the files weigh together as sent to a browser that accepts gzip, in KiB: the build's
 * gzip copy of each (scripts/compress-client.mjs), or the file itself where it has none.
 */
function gzipKib(files: string[]): number {
  const bytes = files.reduce((sum, file) => {
    const copy = `${ASSETS}/${file}.gz`;
    return sum + fs.statSync(fs.existsSync(copy) ? copy : `${ASSETS}/${file}`).size;
  }, 0);
  return bytes / 1024;
}

async function pageHtml(path: string, cookie?: string) {
  const response = await site.request(path, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status).toBe(200);
  return response.text();
}

describe("first-load JavaScript of the public pages", () => {
  it("names chunks that exist in the build, so the checks below cannot pass on a rename", () => {
    const files = fs.readdirSync(ASSETS);
    for (const name of [...DASHBOARD_ONLY, ...FORMS, "framework", "shell"]) {
      expect(files.some((file) => chunkNamed(file, name) && file.endsWith(".js"))).toBe(true);
    }
  });

  it.each(PAGES_WITHOUT_FORMS)("%s loads no editor, dialog, toast or form code", async (path) => {
    const scripts = firstLoadScripts(await pageHtml(path));
    expect(scripts.some((file) => chunkNamed(file, "framework"))).toBe(true);
    for (const name of [...DASHBOARD_ONLY, ...FORMS]) {
      expect(scripts.filter((file) => chunkNamed(file, name))).toEqual([]);
    }
  });

  it.each(Object.entries(DEFERRED_FORMS))(
    "%s renders its form but loads the form's code as it hydrates, not up front",
    async (path, formChunk) => {
      const html = await pageHtml(path);
      expect(inPlace(html)).toMatch(/<form [^>]*method="post"/);
      const scripts = firstLoadScripts(html);
      for (const name of [...DASHBOARD_ONLY, ...FORMS, formChunk]) {
        expect(scripts.filter((file) => chunkNamed(file, name))).toEqual([]);
      }
      // The page's own chunk imports the form's, which brings the form library.
      const page = scripts.map((file) => fs.readFileSync(`${ASSETS}/${file}`, "utf8"));
      const form = page.join("\n").match(dynamicImport(`(${formChunk}-[\\w-]+\\.js)`))?.[1];
      expect(form).toBeDefined();
      expect(fs.readFileSync(`${ASSETS}/${form}`, "utf8")).toMatch(/from"\.\/use-app-form-[\w-]+\.js"/);
    },
  );

  it.each(WITHIN_BUDGET)(`%s loads at most ${BUDGET_KIB} KiB of JavaScript (gzip) at first`, async (path) => {
    expect(gzipKib(firstLoadScripts(await pageHtml(path)))).toBeLessThanOrEqual(BUDGET_KIB);
  });

  it.each(Object.entries(DEFERRED_SECTIONS))(
    "%s renders its lower sections but loads their code as it hydrates, not up front",
    async (path, { chunks, text }) => {
      const html = await pageHtml(path);
      expect(inPlace(html)).toContain(text);
      const scripts = firstLoadScripts(html);
      const firstLoad = scripts.map((file) => fs.readFileSync(`${ASSETS}/${file}`, "utf8")).join("\n");
      for (const name of chunks) {
        expect(scripts.filter((file) => chunkNamed(file, name))).toEqual([]);
        // Imported on demand by the page's own code, so it still arrives as the page hydrates.
        expect(firstLoad).toMatch(dynamicImport(`${name}-[\\w-]+\\.js`));
      }
    },
  );

  it("the layout's code comes as one chunk beside the framework, not a file per piece", async () => {
    const scripts = firstLoadScripts(await pageHtml("/terms"));
    // The entry, the framework, the layout, the root route and the page's own few files.
    expect(scripts.length).toBeLessThanOrEqual(8);
    expect(scripts.filter((file) => chunkNamed(file, "shell"))).toHaveLength(1);
  });

  it("the one stylesheet comes before the scripts' preloads, so the first paint waits on it alone", async () => {
    const html = await pageHtml("/events");
    const stylesheets = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)];
    expect(stylesheets).toHaveLength(1);
    expect(stylesheets[0]!.index).toBeLessThan(html.indexOf('rel="modulepreload"'));
    expect(html.indexOf('rel="modulepreload"')).toBeGreaterThan(0);
  });

  it("the toast after a redirect is written into the page, without the table of messages", async () => {
    const cookie = await createCookie("rcl_flash").serialize("contact-sent");
    const html = await pageHtml("/", cookie.split(";")[0]);
    const message = "Thank you! Your message has been sent. We will get back to you soon.";
    expect(html).toContain(`<noscript><p role="status"`);
    // In the layout's data, for the toast the browser shows.
    expect(html).toContain(`\\"toastMessage\\",\\"${message}\\"`);
    const scripts = firstLoadScripts(html).map((file) => fs.readFileSync(`${ASSETS}/${file}`, "utf8"));
    expect(scripts.filter((code) => code.includes("You've been logged out successfully"))).toEqual([]);
  });
});

/**
 * The check-in page (ADR 038) runs its own script and no React: its first load, the
 * scanner ponyfill it loads where the browser has no BarcodeDetector, and the service
 * worker, as a browser that accepts gzip receives them, at most 80 KiB together. zxing's
 * wasm is apart: a download made once, the day before.
 */
const CHECK_IN_BUDGET_KIB = 80;

describe("the check-in page's JavaScript", () => {
  async function checkInHtml() {
    const admin = await createAccount(site, { role: "admin" });
    const [event] = await site.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.slug, "riverside-team-racing"));
    const response = await site.request(`/dashboard/partner/check-in/${event!.id}`, {
      headers: { Cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    // Only this page may compile the scanner's WebAssembly.
    expect(response.headers.get("Content-Security-Policy")).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
    return response.text();
  }

  it(`loads one module script, no React, and stays within ${CHECK_IN_BUDGET_KIB} KiB (gzip) with the scanner`, async () => {
    const html = await checkInHtml();
    expect(firstLoadScripts(html)).toEqual([]);
    const scripts = [...html.matchAll(/<script type="module" src="\/assets\/([^"]+\.js)"/g)].map(
      (match) => match[1]!,
    );
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^check-in-/);
    const manifest = JSON.parse(
      fs.readFileSync(fileURLToPath(new URL("../../build/check-in.json", import.meta.url)), "utf8"),
    ) as {
      sw: string;
      cached: string[];
    };
    const files = [...manifest.cached, manifest.sw]
      .map((url) => url.replace("/assets/", ""))
      .filter((file) => file.endsWith(".js"));
    expect(files).toContain(scripts[0]);
    expect(files.some((file) => file.startsWith("check-in-ponyfill-"))).toBe(true);
    const kib = gzipKib(files);
    console.info(`The check-in page's JavaScript: ${kib.toFixed(1)} KiB gzip (${files.join(", ")})`);
    expect(kib).toBeLessThanOrEqual(CHECK_IN_BUDGET_KIB);
    // Not a line of React or React Router in it.
    const code = files.map((file) => fs.readFileSync(`${ASSETS}/${file}`, "utf8")).join("\n");
    expect(code).not.toMatch(/react\.element|__reactRouter/);
  });

  it("public pages load none of the check-in page's files, and their policy allows no WebAssembly", async () => {
    for (const path of ["/", "/events", "/da/events/riverside-team-racing"]) {
      const response = await site.request(path);
      const html = await response.text();
      expect(html).not.toMatch(/check-in-|zxing_reader/);
      expect(response.headers.get("Content-Security-Policy") ?? "").not.toContain("wasm-unsafe-eval");
    }
  });
});

/** Every <img> of the page in order, as attribute maps. */
function images(html: string) {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name!.toLowerCase(),
        value,
      ]),
    ),
  );
}

describe("pictures in the first view", () => {
  it("/events fetches its first card's picture first and its first row at once, the rest when near", async () => {
    const cards = images(await pageHtml("/events")).filter((image) =>
      image.src?.startsWith("/images/events/"),
    );
    expect(cards.length).toBeGreaterThan(3);
    expect(cards[0]).toMatchObject({ fetchpriority: "high" });
    expect(cards[0]).not.toHaveProperty("loading");
    for (const card of cards.slice(1, 3)) {
      expect(card).toMatchObject({ loading: "eager" });
      expect(card).not.toHaveProperty("fetchpriority");
    }
    for (const card of cards.slice(3)) expect(card).toMatchObject({ loading: "lazy" });
  });

  it("the home page fetches its hero first; its event cards, below it, wait until they are near", async () => {
    const all = images(await pageHtml("/"));
    const hero = all.find((image) => image.src === "/images/hero.svg");
    expect(hero).toMatchObject({ fetchpriority: "high" });
    expect(hero).not.toHaveProperty("loading");
    const cards = all.filter((image) => image.src?.startsWith("/images/events/"));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toMatchObject({ loading: "lazy" });
  });
});
