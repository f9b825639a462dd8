import { data, Link } from "react-router";
import { authErrorOf } from "#server/auth/errors";
import { parseInput } from "#server/errors";
import { replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { resetPasswordSchema } from "~/lib/forms/account-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { deferredComponent } from "~/lib/deferred-component";
import { localizedPath } from "~/lib/i18n/locale";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/reset-password";

/** The form and its checks load as the page hydrates, not with it (ADR 027). */
const resetPasswordForm = deferredComponent(() =>
  import("~/components/auth/reset-password-form").then((module) => module.ResetPasswordForm),
);

/** The emailed link passes through better-auth, which lands here with ?token= or ?error=. */
export async function loader({ request }: Route.LoaderArgs) {
  await resetPasswordForm.ready();
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  return { token: params.get("error") || !token ? null : token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request);
  let form: { token: string; password: string };
  try {
    form = parseInput(resetPasswordSchema, submission.payload);
  } catch (error) {
    return replyWithRefusal(submission, error, { hideFields: ["password", "confirmPassword"] });
  }
  try {
    await context.auth.api.resetPassword({ body: { token: form.token, newPassword: form.password } });
  } catch (error) {
    if (!authErrorOf(error)) throw error;
    return data({ invalidLink: true as const }, { status: 400 });
  }
  // The reset also ended every session of the account; the person signs in afresh.
  return redirectWithToast(localizedPath("/login"), "password-reset");
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(baseUrlFromMatches(matches), { title: m.password_reset_title, path: "/reset-password" }),
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData && "invalidLink" in actionData ? null : actionData;
  const linkBroken = !loaderData.token || (actionData && "invalidLink" in actionData);
  return (
    <AuthLayout
      panelTitle={m.password_reset_panel_title()}
      panelPoints={[m.password_reset_point_length(), m.password_reset_point_unique()]}
    >
      <h1 className="text-3xl font-bold text-navy-900">{m.password_reset_title()}</h1>
      {linkBroken ? (
        <>
          <FormNotice tone="error">{m.password_reset_invalid_link()}</FormNotice>
          <Button asChild className="mt-6">
            <Link to={localizedPath("/forgot-password")}>{m.password_reset_request_new()}</Link>
          </Button>
        </>
      ) : (
        <resetPasswordForm.Component reply={reply} token={loaderData.token ?? ""} />
      )}
    </AuthLayout>
  );
}
