import { data, Form, Link, useNavigation } from "react-router";
import { authErrorOf } from "#server/auth/errors";
import { redirectWithToast } from "#server/http/toast";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { resetPasswordSchema } from "~/lib/forms/account-schemas";
import { parseForm } from "~/lib/forms/parse";
import { useFormValidation } from "~/lib/forms/use-form-validation";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/reset-password";
import { readFormData } from "~/lib/forms/read-form.server";

const INVALID_LINK = "This reset link is invalid, has expired or has already been used.";

/** The emailed link passes through better-auth, which lands here with ?token= or ?error=. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  return { token: params.get("error") || !token ? null : token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(resetPasswordSchema, await readFormData(request));
  if (!parsed.ok) {
    return data({ status: "invalid" as const, errors: parsed.errors }, { status: 400 });
  }
  try {
    await context.auth.api.resetPassword({
      body: { token: parsed.data.token, newPassword: parsed.data.password },
    });
  } catch (error) {
    if (!authErrorOf(error)) throw error;
    return data({ status: "invalid-link" as const }, { status: 400 });
  }
  // The reset also ended every session of the account; the person signs in afresh.
  return redirectWithToast("/login", "password-reset");
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(baseUrlFromMatches(matches), { title: "Choose a new password", path: "/reset-password" }),
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/reset-password") === true;
  const serverErrors = actionData?.status === "invalid" ? actionData.errors : {};
  const { errors, onSubmit, onChange } = useFormValidation(resetPasswordSchema, serverErrors);
  const linkBroken = !loaderData.token || actionData?.status === "invalid-link";
  return (
    <AuthLayout
      panelTitle="Choose a strong password"
      panelPoints={["At least 8 characters", "One you do not use elsewhere"]}
    >
      <h1 className="text-3xl font-bold text-navy-900">Choose a new password</h1>
      {linkBroken ? (
        <>
          <FormNotice tone="error">{INVALID_LINK}</FormNotice>
          <Button asChild className="mt-6">
            <Link to="/forgot-password">Request a new link</Link>
          </Button>
        </>
      ) : (
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-8 space-y-5">
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
            required
          />
          <TextField
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword}
            required
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Saving..." : "Save new password"}
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
