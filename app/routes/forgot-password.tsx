import { Link } from "react-router";
import { parseInput } from "#server/errors";
import { replyWithRefusal } from "#server/http/respond";
import { log } from "#server/log";
import { consumeNamedLimit } from "#server/security/rate-limits";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { forgotPasswordSchema } from "~/lib/forms/account-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { deferredComponent } from "~/lib/deferred-component";
import { staticPageMeta } from "~/lib/meta";
import type { Route } from "./+types/forgot-password";

const SENT =
  "If an account exists for that email address, we have sent a link to reset the password. The link works once and expires in one hour.";
/** The form and its checks load as the page hydrates, not with it (ADR 027). */
const forgotPasswordForm = deferredComponent(() =>
  import("~/components/auth/forgot-password-form").then((module) => module.ForgotPasswordForm),
);

export async function loader() {
  await forgotPasswordForm.ready();
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request);
  let email: string;
  try {
    ({ email } = parseInput(forgotPasswordSchema, submission.payload));
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
  // Over the limit, the answer is the same; only the mail is not sent.
  const limit = await consumeNamedLimit(context.db, "passwordResetPerAddress", context.clientIp);
  if (limit.allowed) {
    // better-auth answers the same for unknown addresses; so do we, whatever happens.
    await context.auth.api
      .requestPasswordReset({ body: { email, redirectTo: `${context.baseUrl}/reset-password` } })
      .catch((error: unknown) => log.warn({ err: error }, `Password reset request failed: ${String(error)}`));
  }
  return { sent: true as const };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Forgot password",
  path: "/forgot-password",
});

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const reply = actionData && "sent" in actionData ? null : actionData;
  return (
    <AuthLayout
      panelTitle="Back on the water in a minute"
      panelPoints={[
        "Reset links work once",
        "They expire after one hour",
        "Other devices are signed out after a reset",
      ]}
    >
      <h1 className="text-3xl font-bold text-navy-900">Forgot your password?</h1>
      <p className="mt-2 text-slate-600">
        Enter your email address and we will send you a link to choose a new one.
      </p>
      {actionData && "sent" in actionData ? (
        <FormNotice tone="success">{SENT}</FormNotice>
      ) : (
        <forgotPasswordForm.Component reply={reply} />
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link to="/login" className="font-medium text-water-600 hover:underline">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
