import { data, Link, redirect, redirectDocument } from "react-router";
import { savedLanguage } from "#server/accounts/saved-language";
import { languageCookie } from "#server/http/language";
import { localizedPath } from "~/lib/i18n/locale";
import { ACCOUNT_DISABLED, authHeaders } from "#server/auth/auth";
import { authErrorOf } from "#server/auth/errors";
import { getViewer, safeRedirectPath } from "#server/auth/viewer";
import { parseInput } from "#server/errors";
import { replyWithRefusal } from "#server/http/respond";
import {
  consumeNamedLimit,
  reserveRateLimits,
  type RateLimitReservation,
} from "#server/security/rate-limits";
import { useFailureToast } from "~/components/auth/failure-toast";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { loginSchema } from "~/lib/forms/account-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { deferredComponent } from "~/lib/deferred-component";
import { staticPageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/login";

const HIDDEN = { hideFields: ["password"] };
/** The form and its checks load as the page hydrates, not with it (ADR 027). */
const loginForm = deferredComponent(() =>
  import("~/components/auth/login-form").then((module) => module.LoginForm),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  await loginForm.ready();
  if (await getViewer(request, context)) throw redirect(safeRedirectPath(redirectTo));
  return { redirectTo: redirectTo ? safeRedirectPath(redirectTo) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await readSubmission(request);

  if (formData.get("intent") === "resend-verification") {
    const email = String(formData.get("email") ?? "").trim();
    const limit = await consumeNamedLimit(context.db, "verificationResendPerAddress", context.clientIp);
    if (limit.allowed && email) {
      // The answer is the same whether or not the address has an account.
      await context.auth.api
        .sendVerificationEmail({ body: { email, callbackURL: "/dashboard" } })
        .catch(() => undefined);
    }
    return { verificationSent: true as const };
  }

  let email: string;
  let password: string;
  let attempt: RateLimitReservation;
  try {
    ({ email, password } = parseInput(loginSchema, submission.payload));
    // Only failed sign-ins count (per account, and far more loosely per address), in the
    // database so the limit holds across instances; over either, the password is not checked.
    attempt = await reserveRateLimits(context.db, [
      ["signInFailuresPerAccount", email.toLowerCase()],
      ["signInFailuresPerAddress", context.clientIp],
    ]);
  } catch (error) {
    return replyWithRefusal(submission, error, HIDDEN);
  }

  try {
    const { headers, response } = await context.auth.api.signInEmail({
      body: { email, password },
      headers: authHeaders(request, context.clientIp),
      returnHeaders: true,
    });
    await attempt.release();
    // From now on the site speaks the person's saved language (ADR 033): a new document,
    // since the page they signed in on may be in the other one.
    const language = await savedLanguage(context.db, response.user.id);
    headers.append("Set-Cookie", languageCookie(language));
    const target = localizedPath(safeRedirectPath(String(formData.get("redirectTo") ?? "")), language);
    return redirectDocument(target, { headers });
  } catch (error) {
    const authError = authErrorOf(error);
    // A refusal stays counted as a failure, except for an unverified or disabled account,
    // which gave the right password; a server failure is not the visitor's either.
    const rightPassword = authError?.code === "EMAIL_NOT_VERIFIED" || authError?.code === ACCOUNT_DISABLED;
    if (!authError || rightPassword) await attempt.release();
    if (!authError) throw error;
    if (authError.code === "EMAIL_NOT_VERIFIED") {
      return data({ ...submission.reply(HIDDEN), reason: "unverified" }, { status: 403 });
    }
    // Only someone who gave the right password learns that the account is disabled.
    if (authError.code === ACCOUNT_DISABLED) {
      const reply = submission.reply({ formErrors: [m.err_account_disabled()], ...HIDDEN });
      return data({ ...reply, reason: "disabled" }, { status: 403 });
    }
    // One message for an unknown address and a wrong password alike.
    const reply = submission.reply({ formErrors: [m.login_invalid_credentials()], ...HIDDEN });
    return data({ ...reply, reason: null }, { status: 401 });
  }
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: m.login_meta_title,
  description: m.login_meta_description,
  path: "/login",
});

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData && "verificationSent" in actionData ? null : actionData;
  useFailureToast(reply);

  return (
    <AuthLayout
      panelTitle={m.login_panel_title()}
      panelPoints={[
        m.login_panel_point_events(),
        m.login_panel_point_bookings(),
        m.login_panel_point_community(),
      ]}
    >
      <h1 className="text-3xl font-bold text-navy-900">{m.login_heading()}</h1>
      <p className="mt-2 text-slate-600">{m.login_intro()}</p>
      {actionData && "verificationSent" in actionData && (
        <FormNotice tone="success">{m.login_verification_sent()}</FormNotice>
      )}
      <loginForm.Component reply={reply} redirectTo={loaderData.redirectTo} />
      <p className="mt-6 text-center text-sm text-slate-600">
        {m.login_no_account()}{" "}
        <Link to={localizedPath("/signup")} className="font-medium text-water-600 hover:underline">
          {m.login_signup_link()}
        </Link>
      </p>
    </AuthLayout>
  );
}
