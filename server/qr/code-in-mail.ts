import type { Mail } from "#server/email/mailer";
import type { EmailContent } from "#server/email/templates";
import { TEAM_CODE_MAIL_SIZE, teamCodePng } from "./team-code";

type Attachment = NonNullable<Mail["attachments"]>[number];

/**
 * A QR code in a mail (ADR 038): the PNG as an inline part shown as `cid:…`, as the logo
 * is, since mail clients block remote images and many show no SVG, with its text
 * alternative, the code under it and a hint, which the plain text has instead. A team's
 * code and a rower's own both go this one way; the caller says which words (in the
 * mail's language) and which `cid`.
 */
export function codeInMail(
  code: string,
  { cid, alt, hint }: { cid: string; alt: string; hint: string },
): { content: Pick<EmailContent, "code">; attachments: Attachment[] } {
  return {
    content: { code: { cid, alt, caption: code, hint, size: TEAM_CODE_MAIL_SIZE } },
    attachments: [
      {
        // A seat's code has a slash ("RCL-7K3Q9P/3"), which no file name may hold.
        filename: `${code.replaceAll("/", "-")}.png`,
        content: teamCodePng(code).toString("base64"),
        contentType: "image/png",
        encoding: "base64",
        cid,
      },
    ],
  };
}
