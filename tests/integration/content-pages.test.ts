import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettings, teamMembers } from "#server/db/schema";
import { sampleSiteSettings, sampleTeam } from "#server/db/seed/sample-content";
import { SITE_COOKIES } from "~/components/legal/privacy-cookies";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});

afterAll(async () => {
  await site?.close();
});

async function page(path: string) {
  const response = await site.request(path);
  const html = await response.text();
  return { status: response.status, html, main: mainOf(html) };
}

/**
 * The page's own content. The footer repeats the company details from site settings,
 * so assertions about them must look inside <main> only. React's text separators are
 * dropped so adjacent expressions read as one string.
 */
function mainOf(html: string) {
  const start = html.indexOf('<main id="main"');
  const end = html.indexOf("</main>", start);
  if (start === -1 || end === -1) return "";
  return html.slice(start, end).replaceAll("<!-- -->", "");
}

function headings(main: string, level: 1 | 2) {
  return [...main.matchAll(new RegExp(`<h${level}[^>]*>(.*?)</h${level}>`, "g"))].map(
    ([, text]) => text ?? "",
  );
}

/** The names on the About page's team cards, in page order. */
function teamNames(main: string) {
  const start = main.indexOf('id="team-title"');
  if (start === -1) return [];
  const team = main.slice(start, main.indexOf('id="join-title"', start));
  return [...team.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map(([, name]) => name);
}

async function restoreSettings() {
  await site.database.db.update(siteSettings).set(sampleSiteSettings).where(eq(siteSettings.id, 1));
}

describe.each([
  { path: "/about", title: "About Us" },
  { path: "/terms", title: "Terms of Use" },
  { path: "/privacy", title: "Privacy Notice" },
])("$path", ({ path, title }) => {
  it("answers 200 with its title, canonical link and one h1 inside main#main", async () => {
    const { status, html, main } = await page(path);
    expect(status).toBe(200);
    expect(html).toContain(`<title>${title} | Rethink Corporate Life</title>`);
    expect(html).toContain(`<link rel="canonical" href="${TEST_BASE_URL}${path}"/>`);
    expect(main).not.toBe("");
    expect(headings(main, 1)).toHaveLength(1);
    expect(headings(main, 2).length).toBeGreaterThanOrEqual(4);
  });
});

describe("about page", () => {
  it("tells the story, mission, vision and the four values", async () => {
    const { main } = await page("/about");
    expect(headings(main, 2).slice(0, 4)).toEqual(["Our story", "Our mission", "Our vision", "Our values"]);
    expect(main).toContain("2022");
    expect(main).toContain("throughout Denmark");
    for (const value of ["Connection", "Innovation", "Balance", "Growth"]) {
      expect(main).toMatch(new RegExp(`<h3[^>]*>${value}</h3>`));
    }
  });

  it("lists the team from the database in position order, with sized photos", async () => {
    const { main } = await page("/about");
    expect(teamNames(main)).toEqual(["Mette Lindqvist", "Jonas Kragh", "Sofie Andersen"]);
    expect(main).toContain("Founder &amp; CEO");
    expect(main).toMatch(
      /<img[^>]*src="\/images\/team\/mette-lindqvist\.svg"[^>]*alt="Portrait of Mette Lindqvist"[^>]*width="400"[^>]*height="400"/,
    );
  });

  it("shows changes made to the team table", async () => {
    const { db } = site.database;
    await db.update(teamMembers).set({ name: "Karen Blixen-Holm" }).where(eq(teamMembers.position, 2));
    await db.update(teamMembers).set({ position: 4 }).where(eq(teamMembers.position, 1));
    try {
      const { main } = await page("/about");
      expect(teamNames(main)).toEqual(["Karen Blixen-Holm", "Sofie Andersen", "Mette Lindqvist"]);
    } finally {
      await db.update(teamMembers).set({ position: 1 }).where(eq(teamMembers.position, 4));
      await db.update(teamMembers).set({ name: "Jonas Kragh" }).where(eq(teamMembers.position, 2));
    }
  });

  it("still renders without team members, leaving the team section out", async () => {
    const { db } = site.database;
    await db.delete(teamMembers);
    try {
      const { status, main } = await page("/about");
      expect(status).toBe(200);
      expect(headings(main, 2)).not.toContain("Meet the team");
      expect(teamNames(main)).toEqual([]);
    } finally {
      await db.insert(teamMembers).values(sampleTeam);
    }
  });

  it("links to sign-up and contact", async () => {
    const { main } = await page("/about");
    expect(main).toMatch(/<a[^>]*href="\/signup"[^>]*>Sign Up Now<\/a>/);
    expect(main).toMatch(/<a[^>]*href="\/contact"[^>]*>Contact Us<\/a>/);
  });
});

describe("terms page", () => {
  it("covers bookings with partners, cancellations and Danish law", async () => {
    const { main } = await page("/terms");
    const sections = headings(main, 2);
    for (const heading of [
      "Your account",
      "Booking team spots",
      "Prices and invoicing",
      "Cancellations and changes",
      "Partners and their content",
      "Acceptable use",
      "Liability",
      "Danish law and disputes",
      "Changes to these terms",
    ]) {
      expect(sections.some((section) => section.endsWith(heading))).toBe(true);
    }
    expect(main).toContain("Danish law");
    expect(main).toMatch(/Last updated <time dateTime="\d{4}-\d{2}-\d{2}">/);
  });

  it("shows the contact email from site settings", async () => {
    await site.database.db
      .update(siteSettings)
      .set({ contactEmail: "bookings@terms-test.dk", contactPhone: "+45 70 11 22 33" })
      .where(eq(siteSettings.id, 1));
    try {
      const { main } = await page("/terms");
      expect(main).toContain('href="mailto:bookings@terms-test.dk"');
      expect(main).toContain("+45 70 11 22 33");
      expect(main).not.toContain(sampleSiteSettings.contactEmail);
    } finally {
      await restoreSettings();
    }
  });
});

describe("privacy page", () => {
  it("shows the controller's CVR, address, email and phone from site settings", async () => {
    await site.database.db
      .update(siteSettings)
      .set({
        companyRegistrationNumber: "12345678",
        addressLine: "Vesterbrogade 12",
        postalCode: "1620",
        city: "København V",
        contactEmail: "privacy@settings-test.dk",
        contactPhone: "+45 70 99 88 77",
      })
      .where(eq(siteSettings.id, 1));
    try {
      const { main } = await page("/privacy");
      expect(main).toContain("Rethink Corporate Life");
      expect(main).toContain("12345678");
      expect(main).toContain("Vesterbrogade 12, 1620 København V");
      expect(main).toContain('href="mailto:privacy@settings-test.dk"');
      expect(main).toContain("+45 70 99 88 77");
      for (const old of [
        sampleSiteSettings.companyRegistrationNumber,
        sampleSiteSettings.addressLine,
        sampleSiteSettings.contactEmail,
      ]) {
        expect(main).not.toContain(old);
      }
    } finally {
      await restoreSettings();
    }
  });

  it("gives the legal bases, rights, cookies and the way to complain to Datatilsynet", async () => {
    const { main } = await page("/privacy");
    for (const basis of ["6(1)(b)", "6(1)(c)", "6(1)(f)"]) expect(main).toContain(basis);
    expect(main).toContain("5 years");
    // Rowers' answers go 30 days after the event; their acceptance stays with the booking.
    expect(main).toContain("emergency contact are deleted 30 days after the event");
    for (const right of ["access", "corrected", "erased", "restricted", "portability", "object"]) {
      expect(main).toContain(right);
    }
    expect(main).toMatch(/<a[^>]*href="\/dashboard\/profile"/);
    expect(main).toContain("three cookies, all strictly necessary");
    for (const { names } of SITE_COOKIES) expect(main).toContain(`<code>${names[0]}</code>`);
    expect(main).toContain("Datatilsynet");
    expect(main).toContain("Carl Jacobsens Vej 35");
    expect(main).toContain("2500 Valby");
    expect(main).toContain('href="mailto:dt@datatilsynet.dk"');
    expect(main).toMatch(/Last updated <time dateTime="\d{4}-\d{2}-\d{2}">/);
  });

  it("keeps its sections in a fixed order, starting with the controller", async () => {
    const { main } = await page("/privacy");
    expect(headings(main, 2)).toEqual([
      "1. Who is responsible for your data",
      "2. What we collect and why",
      "3. Our legal bases",
      "4. Who receives your data",
      "5. How long we keep your data",
      "6. Your rights",
      "7. No automated decisions",
      "8. Cookies",
      "9. How to complain",
      "10. Changes to this notice",
    ]);
  });
});

describe("legal pages before the site settings exist", () => {
  it("still answer 200 instead of failing", async () => {
    await site.database.db.delete(siteSettings);
    try {
      for (const path of ["/terms", "/privacy"]) {
        const { status, main } = await page(path);
        expect(status).toBe(200);
        expect(main).toContain("Our company details are being updated");
      }
    } finally {
      await site.database.db.insert(siteSettings).values(sampleSiteSettings);
    }
  });
});
