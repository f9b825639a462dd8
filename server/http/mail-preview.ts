import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "#server/db/client";
import { outboxEmails } from "#server/db/schema";
import { isUuid } from "~/lib/ids";
import { isLocale } from "~/lib/i18n/locale";
import { readMailBrand } from "#server/email/brand";
import { LOGO_CID, LOGO_DATA_URL, renderEmail } from "#server/email/layout";
import { sampleMails } from "#server/http/mail-samples";

const escape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A sent mail carries its logo as an inline part; a browser is shown the same PNG as a data URL. */
const forBrowser = (html: string) => html.replaceAll(`cid:${LOGO_CID}`, LOGO_DATA_URL);

/**
 * Development only (`npm run dev`; see ./app.ts): every sample mail (./mail-samples.ts)
 * rendered with the branded layout, and the mails the dev outbox recorded. `?text` shows
 * a mail's plain-text part; `?lang=da` a sample as a recipient who reads Danish gets it.
 */
export function mailPreviews(db: Database) {
  const app = new Hono();
  app.get("/", async (c) => {
    const recorded = await db
      .select({ id: outboxEmails.id, to: outboxEmails.to, subject: outboxEmails.subject })
      .from(outboxEmails)
      .orderBy(desc(outboxEmails.createdAt))
      .limit(50);
    const item = (href: string, label: string, languages = false) =>
      `<li><a href="${href}">${escape(label)}</a> · <a href="${href}?text">text</a>${
        languages
          ? ` · <a href="${href}?lang=da">dansk</a> · <a href="${href}?lang=da&amp;text">tekst</a>`
          : ""
      }</li>`;
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail previews</title></head>
<body style="font-family:sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem">
<h1>Mail previews</h1><h2>Samples</h2><ul>${Object.keys(sampleMails)
      .map((name) => item(`/dev/mail/${name}`, name, true))
      .join("")}</ul>
<h2>Recorded in the dev outbox</h2><ul>${recorded
      .map((mail) => item(`/dev/mail/outbox/${mail.id}`, `${mail.subject} → ${mail.to}`))
      .join("")}</ul></body></html>`);
  });
  app.get("/outbox/:id", async (c) => {
    const id = c.req.param("id");
    const [mail] = isUuid(id) ? await db.select().from(outboxEmails).where(eq(outboxEmails.id, id)) : [];
    if (!mail) return c.text("Not found", 404);
    return c.req.query("text") === undefined ? c.html(forBrowser(mail.html)) : c.text(mail.text);
  });
  app.get("/:name", async (c) => {
    const sample = Object.hasOwn(sampleMails, c.req.param("name"))
      ? sampleMails[c.req.param("name")]
      : undefined;
    if (!sample) return c.text("Not found", 404);
    const lang = c.req.query("lang");
    const draft = sample(isLocale(lang) ? lang : undefined);
    const mail = await renderEmail(draft.content, await readMailBrand(db), {
      logoSrc: LOGO_DATA_URL,
      locale: draft.locale,
    });
    // Inline parts (a team's QR code) as data URLs too, as the logo.
    const html = (draft.attachments ?? []).reduce(
      (page, part) =>
        part.cid
          ? page.replaceAll(`cid:${part.cid}`, `data:${part.contentType};base64,${part.content}`)
          : page,
      mail.html,
    );
    return c.req.query("text") === undefined ? c.html(html) : c.text(mail.text);
  });
  return app;
}
