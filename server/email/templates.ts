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
  /** Why the recipient gets this mail, above the footer, e.g. "You get this mail because you booked …". */
  reason?: string;
};

/** A mail as a command builds it: rendered with the layout when it is queued (see ./enqueue-email). */
export type MailDraft = Omit<Mail, "text" | "html"> & { content: EmailContent };
