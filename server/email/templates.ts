import type { Locale } from "~/lib/i18n/locale";
import { withLocale } from "#server/http/language";
import type { Mail } from "./mailer";

/**
 * What one mail says, as parts the branded layout (./layout.tsx) turns into its HTML and
 * plain-text versions. Each mail's words live in the function that builds its content.
 */
export type EmailContent = {
  heading: string;
  paragraphs: string[];
  /** Label and value pairs shown as a small table, for example form fields. */
  details?: [label: string, value: string][];
  action?: { label: string; url: string };
  /**
   * An image shown after the details: a team's QR code, carried as the mail's inline part
   * `cid` (see server/qr/team-code.ts), with its text alternative, the text under it
   * (the reference) and a line saying what it is for, which the plain text has instead.
   */
  code?: { cid: string; alt: string; caption: string; hint: string; size: number };
  /** Why the recipient gets this mail, above the footer, e.g. "You get this mail because you booked …". */
  reason?: string;
  /**
   * A link under the reason that stops mails like this one (a rower's reminders), with
   * the sentence it ends; the mail's `List-Unsubscribe` header names the same address.
   */
  optOut?: { text: string; label: string; url: string };
};

/**
 * A mail as a command builds it: rendered with the layout when it is queued (see
 * ./enqueue-email). `locale` is the recipient's language, which its words are already in
 * and the layout's own words (the link line, the footer) follow; English when not given.
 */
export type MailDraft = Omit<Mail, "text" | "html"> & { content: EmailContent; locale?: Locale };

/**
 * A mail in its recipient's language (ADR 032, 033): `build` runs with every message,
 * date and amount in `locale`, whatever the language of the request that sends it, and
 * the draft keeps the language for the layout. Every mail is built with it, so its
 * subject, content and attachments are in one language.
 */
export function mailIn(locale: Locale, build: () => Omit<MailDraft, "locale">): MailDraft {
  return { ...withLocale(locale, build), locale };
}
