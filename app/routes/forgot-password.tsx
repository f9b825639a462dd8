import { Link } from "react-router";
import { parseInput } from "#server/errors";
import { replyWithRefusal } from "#server/http/respond";
import { log } from "#server/log";
import { consumeNamedLimit } from "#server/security/rate-limits";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { forgotPasswordSchema } from "~/lib/forms/account-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { deferredComponent } from "~/lib/deferred-component";
import { localizedPath } from "~/lib/i18n/locale";
import { staticPageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/forgot-password";

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
      .requestPasswordReset({
        body: { email, redirectTo: `${context.baseUrl}${localizedPath("/reset-password")}` },
      })
      .catch((error: unknown) => log.warn({ err: error }, `Password reset request failed: ${String(error)}`));
  }
  return { sent: true as const };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: m.password_forgot_meta_title,
  path: "/forgot-password",
});

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const reply = actionData && "sent" in actionData ? null : actionData;
  return (
    <AuthLayout
      panelTitle={m.password_forgot_panel_title()}
      panelPoints={[
        m.password_forgot_point_once(),
        m.password_forgot_point_hour(),
        m.password_forgot_point_devices(),
      ]}
    >
      <h1 className="text-3xl font-bold text-navy-900">{m.password_forgot_heading()}</h1>
      <p className="mt-2 text-slate-600">{m.password_forgot_intro()}</p>
      {actionData && "sent" in actionData ? (
        <FormNotice tone="success">{m.password_forgot_sent()}</FormNotice>
      ) : (
        <forgotPasswordForm.Component reply={reply} />
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        {m.password_forgot_remembered()}{" "}
        <Link to={localizedPath("/login")} className="font-medium text-water-600 hover:underline">
          {m.auth_log_in_link()}
        </Link>
      </p>
    </AuthLayout>
  );
}
