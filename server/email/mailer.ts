import type { Transporter } from "nodemailer";
import type { Database } from "#server/db/client";
import { outboxEmails } from "#server/db/schema";
import { log } from "#server/log";
import { LOGO_CID, LOGO_PNG } from "./layout";

export type Mail = {
  to: string;
  subject: string;
  /** Every mail has a plain-text and a branded HTML version (see ./layout.tsx). */
  text: string;
  html: string;
  replyTo?: string;
  /**
   * Binary files (a PDF) are base64 text, so a mail stays plain data in the queue and the
   * log. One with a `cid` is an inline part the HTML shows as `cid:…` (a team's QR code).
   */
  attachments?: {
    filename: string;
    content: string;
    contentType: string;
    encoding?: "base64";
    cid?: string;
  }[];
  /**
   * Header lines of the mail's own, such as `List-Unsubscribe` and `List-Unsubscribe-Post`
   * (RFC 2369, 8058) on a rower's reminders; SMTP sends them, the dev outbox drops them.
   */
  headers?: Record<string, string>;
  /**
   * Issued invoices and credit notes the mail carries, by id: their files are made when it
   * is sent (server/invoices/attach-documents.ts), not in the transaction that queued it.
   */
  documents?: { invoiceId: string; xml: boolean }[];
};

export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * The branded layout shows the logo as an inline part (`cid:`), which the mail carries here
 * rather than in the queue; a mail queued before the layout has no such reference.
 */
function withInlineLogo(mail: Mail) {
  const attachments = mail.attachments ?? [];
  if (!mail.html.includes(`cid:${LOGO_CID}`)) return attachments;
  return [
    ...attachments,
    { filename: "rcl-logo.png", content: LOGO_PNG, contentType: "image/png", cid: LOGO_CID },
  ];
}

const DEFAULT_FROM = "Rethink Corporate Life <no-reply@rethinkcorporatelife.dk>";

/**
 * How the job queue's `send-email` worker delivers a mail (nothing else sends mail; see
 * ./enqueue-email): by SMTP when `smtpUrl` is set; otherwise each mail is recorded in
 * the dev outbox table and announced with one log line (with its first link), so
 * sign-up and contact flows work in the demo too. A failure throws, and the queue retries.
 */
export function createMailer({
  db,
  smtpUrl,
  from = DEFAULT_FROM,
  linksInLog = false,
}: {
  db: Database;
  smtpUrl?: string;
  from?: string;
  /**
   * Whether the outbox's log line shows the mail's first link: on a developer's machine
   * and in the demo, where it is the way to open a verification link. A link can sign
   * someone in, so a deployment never writes one to its log.
   */
  linksInLog?: boolean;
}): Mailer {
  if (smtpUrl) {
    // nodemailer is loaded with the first mail: only the process that runs the job
    // workers ever sends one, and the others are spared loading it at start (ADR 026).
    let transport: Promise<Transporter> | undefined;
    const connect = () =>
      (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        // nodemailer waits minutes by default; a server that hangs should fail the try soon,
        // so the job is retried later instead of holding a worker.
        nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
      ));
    return {
      async send(mail) {
        await (await connect()).sendMail({ from, ...mail, attachments: withInlineLogo(mail) });
      },
    };
  }
  return {
    async send(mail) {
      await db.insert(outboxEmails).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      const link = linksInLog ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
      log.info(
        `Mail to ${mail.to}: "${mail.subject}" recorded in the dev outbox${link ? ` (${link})` : ""}.`,
      );
    },
  };
}
