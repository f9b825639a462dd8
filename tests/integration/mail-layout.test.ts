import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { renderMail } from "#server/email/enqueue-email";
import { sampleMails } from "#server/http/mail-samples";
import { createSite } from "#server/http/app";
import { createTestSite, type TestSite } from "../support/http-app";

// Every mail the code sends goes through enqueueEmail (or, for a partner's message to its
// participants, renderMail in its worker), built by a function in a domain's emails module;
// the samples are built by the same functions.
describe("the branded mail layout", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite();
  });

  it.each(Object.keys(sampleMails))(
    "renders %s with the logo, footer, reason and a readable text part",
    async (name) => {
      const draft = sampleMails[name]!();
      const { content } = draft;
      const mail = await renderMail(site.database.db, draft);

      expect(content.reason).toMatch(/^You get this mail because /);

      expect(mail.to).toBe(draft.to);
      expect(mail.subject).toBe(draft.subject);
      expect(mail.html).toMatch(/<img[^>]*alt="Rethink Corporate Life"[^>]*src="cid:rcl-logo"/);
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain("CVR: 43218778");
        expect(part).toContain("Strandvejen 100, 2900 Hellerup");
        if (content.reason) expect(part).toContain(escaped(part, content.reason));
      }
      expect(mail.html).toContain(escaped(mail.html, content.heading));

      expect(mail.text.startsWith(`${content.heading}\n`)).toBe(true);
      for (const paragraph of content.paragraphs) expect(mail.text).toContain(paragraph);
      for (const [label, value] of content.details ?? []) expect(mail.text).toContain(`${label}: ${value}`);
      if (content.action) {
        expect(mail.text).toContain(`${content.action.label}: ${content.action.url}`);
        expect(mail.html).toContain(`href="${content.action.url.replace(/&/g, "&amp;")}"`);
      }
      expect(mail.text.trimEnd().endsWith("Strandvejen 100, 2900 Hellerup")).toBe(true);
    },
  );

  it("has a sample of every mail a builder makes", async () => {
    const server = fileURLToPath(new URL("../../server/", import.meta.url));
    const samples = readFileSync(join(server, "http/mail-samples.ts"), "utf8");
    const modules = readdirSync(server, { recursive: true, encoding: "utf8" }).filter((file) =>
      /(^|[/-])emails\.ts$/.test(file),
    );
    // A builder is a synchronous export named …Mail or …Mails; the async ones read the
    // recipients from the database and hand each to a builder.
    const builders: string[] = [];
    for (const file of modules) {
      const exports = (await import(join(server, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (
          typeof value === "function" &&
          /Mails?$/.test(name) &&
          value.constructor.name !== "AsyncFunction"
        ) {
          builders.push(name);
        }
      }
    }
    expect(modules.length).toBeGreaterThanOrEqual(8);
    expect(builders).toContain("participantMessageMail");
    expect(builders.filter((name) => !new RegExp(`\\b${name}\\(`).test(samples))).toEqual([]);
  });

  it("says why the recipient gets each booking mail", () => {
    expect(sampleMails["booking-confirmed"]!().content.reason).toBe(
      "You get this mail because you booked Nyhavn Navigators for Sunrise Regatta on the Harbour, or are its captain.",
    );
  });

  it("serves the previews in development only", async () => {
    expect((await site.request("/dev/mail")).status).toBe(404);
    expect((await site.request("/dev/mail/booking-confirmed")).status).toBe(404);

    const build = (await import(
      fileURLToPath(new URL("../../build/server/index.js", import.meta.url))
    )) as ServerBuild;
    const { app } = createSite({ ...site, build, mode: "development" });
    const index = await app.request("https://rcl.test/dev/mail");
    expect(index.status).toBe(200);
    expect(await index.text()).toContain("/dev/mail/booking-confirmed");
    const preview = await app.request("https://rcl.test/dev/mail/booking-confirmed");
    const previewHtml = await preview.text();
    expect(previewHtml).toContain('src="data:image/png;base64,');
    // The team's QR code too, an inline part in a sent mail.
    expect(previewHtml).not.toContain("cid:");
    const text = await app.request("https://rcl.test/dev/mail/booking-confirmed?text");
    expect(await text.text()).toContain("Booking reference: RCL-7K3M9Q");
    expect((await app.request("https://rcl.test/dev/mail/no-such-mail")).status).toBe(404);
    expect((await app.request("https://rcl.test/dev/mail/outbox/not-a-uuid")).status).toBe(404);
  });
});

/** The value as it appears in that part: HTML escapes quotes and ampersands. */
function escaped(part: string, value: string): string {
  return part.startsWith("<")
    ? value
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&#x27;")
    : value;
}
