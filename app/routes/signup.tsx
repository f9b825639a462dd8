import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { toast } from "sonner";
import { signUp } from "#server/accounts/sign-up";
import { authHeaders } from "#server/auth/auth";
import { getViewer } from "#server/auth/viewer";
import { asFormRefusal, retryAfterHeaders } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { PersonNameFields } from "~/components/forms/person-name-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/form-field";
import { signupSchema } from "~/lib/forms/account-schemas";
import { formValues } from "~/lib/forms/parse";
import { useFormValidation } from "~/lib/forms/use-form-validation";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { TOAST_MESSAGES } from "~/lib/toast-messages";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/signup";
import { readFormData } from "~/lib/forms/read-form.server";

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const input = formValues(formData);
  // Passwords are never sent back to the page.
  const { password: _password, confirmPassword: _confirm, ...typed } = input;
  try {
    const viewer = await getViewer(request, context);
    await signUp(context, {
      actor: viewer?.actor ?? null,
      input,
      headers: authHeaders(request, context.clientIp),
      clientIp: context.clientIp,
    });
  } catch (error) {
    const refusal = asFormRefusal(error);
    const invalid = refusal.code === "invalid" && Object.keys(refusal.fields).length > 0;
    return data(
      invalid
        ? { status: "invalid" as const, errors: refusal.fields, values: typed }
        : { status: "failed" as const, formError: refusal.message, values: typed },
      { status: refusal.status, headers: retryAfterHeaders(refusal) },
    );
  }
  // The page stays in place and shows the confirmation (spec §4).
  return redirectWithToast("/signup", "signed-up");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: "Sign up",
    description: "Create a free Rethink Corporate Life account to book team events and join the community.",
    path: "/signup",
  });

export default function Signup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/signup";
  const serverErrors = actionData?.status === "invalid" ? actionData.errors : {};
  const { errors, onSubmit, onChange } = useFormValidation(signupSchema, serverErrors);
  const values: Record<string, string> = actionData && "values" in actionData ? actionData.values : {};
  // The toast after the redirect says it too; the notice replaces the form so it cannot be sent twice.
  const registered = useRootData()?.toast === "signed-up";
  const providerError = actionData?.status === "failed" ? actionData.formError : null;

  useEffect(() => {
    if (providerError) toast.error(providerError);
  }, [providerError, actionData]);

  return (
    <AuthLayout
      panelTitle="Join the Corporate Community"
      panelPoints={[
        "Participate in corporate rowing and team-building events",
        "Connect with partner clubs and venues",
        "Build a network across Danish companies",
      ]}
    >
      <h1 className="text-3xl font-bold text-navy-900">Create an account</h1>
      {registered ? (
        <FormNotice tone="success">{TOAST_MESSAGES["signed-up"]}</FormNotice>
      ) : (
        <>
          {providerError && <FormNotice tone="error">{providerError}</FormNotice>}
          <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-8 space-y-5">
            <PersonNameFields values={values} errors={errors} />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={values.email}
              error={errors.email}
              required
            />
            <TextField
              label="Company"
              name="company"
              optional
              autoComplete="organization"
              defaultValue={values.company}
              error={errors.company}
            />
            <TextField
              label="Password"
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
            <CheckboxField
              name="acceptTerms"
              defaultChecked={values.acceptTerms === "on"}
              error={errors.acceptTerms}
              label={
                <>
                  I accept the{" "}
                  <Link to="/terms" className="text-water-600 underline">
                    terms and conditions
                  </Link>
                </>
              }
            />
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy ? "Creating account..." : "Create account"}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/login" className="font-medium text-water-600 hover:underline">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
