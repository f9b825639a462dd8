import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Auth } from "#server/auth/auth";
import { verificationMail } from "#server/auth/emails";
import type { Database } from "#server/db/client";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import { addressLocale } from "#server/email/recipients";
import { AppError } from "#server/errors";
import { findAdministeredUser, personLabel } from "./administered-user";
import { m } from "~/paraglide/messages";

/**
 * An admin sends a person who has not verified their address a new verification link.
 * The link is better-auth's own (the token its sign-up mails, checked by its
 * /verify-email), so it verifies and signs in exactly as the first one would; the mail
 * is the sign-up's, queued in the transaction of the audit row.
 */
export async function resendVerification(
  { db, auth, jobs }: { db: Database; auth: Auth; jobs: MailQueue },
  { actor, userId }: { actor: Actor; userId: string },
) {
  const { secret, baseURL, options } = await auth.$context;
  // Loaded with better-auth, which the line above has loaded (../auth/auth.ts).
  const { createEmailVerificationToken } = await import("better-auth/api");
  return db.transaction(async (tx) => {
    const person = await findAdministeredUser(tx, actor, userId);
    if (person.emailVerified) {
      throw new AppError("invalid_transition", m.err_already_verified());
    }
    const token = await createEmailVerificationToken(
      secret,
      person.email,
      undefined,
      options.emailVerification?.expiresIn,
    );
    const url = `${baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent("/dashboard")}`;
    await enqueueEmail(jobs, tx, verificationMail(person.email, url, await addressLocale(tx, person.email)));
    await recordAudit(tx, actor, {
      action: "user.resend_verification",
      entityId: person.id,
      summary: `Verification link sent to ${personLabel(person)}`,
    });
  });
}
