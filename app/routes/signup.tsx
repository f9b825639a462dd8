import { Link } from "react-router";
import { getLocale } from "~/paraglide/runtime";
import { m } from "~/paraglide/messages";
import { localizedPath } from "~/lib/i18n/locale";
import { signUp } from "#server/accounts/sign-up";
import { authHeaders } from "#server/auth/auth";
import { getViewer } from "#server/auth/viewer";
import { replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { useFailureToast } from "~/components/auth/failure-toast";
import { readSubmission } from "~/lib/forms/read-form.server";
import { deferredComponent } from "~/lib/deferred-component";
import { staticPageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/signup";

/** The form and its checks load as the page hydrates, not with it (ADR 027). */
const signupForm = deferredComponent(() =>
  import("~/components/auth/signup-form").then((module) => module.SignupForm),
);

export async function loader() {
  await signupForm.ready();
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request);
  try {
    const viewer = await getViewer(request, context);
    await signUp(context, {
      actor: viewer?.actor ?? null,
      input: submission.payload,
      headers: authHeaders(request, context.clientIp),
      clientIp: context.clientIp,
      language: getLocale(),
    });
  } catch (error) {
    // Passwords are never sent back to the page.
    return replyWithRefusal(submission, error, { hideFields: ["password", "confirmPassword"] });
  }
  // The page stays in place and shows the confirmation (spec §4).
  return redirectWithToast(localizedPath("/signup"), "signed-up");
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: m.signup_meta_title,
  description: m.signup_meta_description,
  path: "/signup",
});

export default function Signup({ actionData }: Route.ComponentProps) {
  useFailureToast(actionData);
  // The toast after the redirect says it too; the notice replaces the form so it cannot be sent twice.
  const registered = useRootData()?.toast === "signed-up";

  return (
    <AuthLayout
      panelTitle={m.signup_panel_title()}
      panelPoints={[
        m.signup_panel_point_events(),
        m.signup_panel_point_partners(),
        m.signup_panel_point_network(),
      ]}
    >
      <h1 className="text-3xl font-bold text-navy-900">{m.signup_heading()}</h1>
      {registered ? (
        <FormNotice tone="success">{m.toast_signed_up()}</FormNotice>
      ) : (
        <signupForm.Component reply={actionData} />
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        {m.signup_have_account()}{" "}
        <Link to={localizedPath("/login")} className="font-medium text-water-600 hover:underline">
          {m.auth_log_in_link()}
        </Link>
      </p>
    </AuthLayout>
  );
}
