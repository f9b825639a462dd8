import { eq } from "drizzle-orm";
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { toast } from "sonner";
import { authHeaders } from "#server/auth/auth";
import { authErrorOf } from "#server/auth/errors";
import { consumeRateLimit } from "#server/security/rate-limit";
import { profiles } from "#server/db/schema";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { PersonNameFields } from "~/components/forms/person-name-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/form-field";
import { signupSchema } from "~/lib/forms/account-schemas";
import { parseForm } from "~/lib/forms/parse";
import { useFormValidation } from "~/lib/forms/use-form-validation";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/signup";
import { readFormData } from "~/lib/forms/read-form.server";

const REGISTERED = "Registration successful! Please check your email to verify your account.";

/** Each sign-up sends a mail, so attempts are limited per address and per email. */
const SIGN_UPS_PER_ADDRESS = { limit: 10, windowMs: 60 * 60 * 1000 };
const SIGN_UPS_PER_EMAIL = { limit: 3, windowMs: 60 * 60 * 1000 };
const TOO_MANY = "Too many sign-up attempts. Please wait a while and try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(signupSchema, await readFormData(request));
  if (!parsed.ok) {
    return data(
      { status: "invalid" as const, errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  }
  const { firstName, lastName, email, company, password } = parsed.data;
  const typed = { firstName, lastName, email, company: company ?? "" };
  const [byAddress, byEmail] = await Promise.all([
    consumeRateLimit(context.db, `sign-up:ip:${context.clientIp}`, SIGN_UPS_PER_ADDRESS),
    consumeRateLimit(context.db, `sign-up:email:${email.toLowerCase()}`, SIGN_UPS_PER_EMAIL),
  ]);
  if (!byAddress.allowed || !byEmail.allowed) {
    return data({ status: "failed" as const, formError: TOO_MANY, values: typed }, { status: 429 });
  }
  try {
    // For an address that already has an account this answers like a success and mails
    // the owner instead (see onExistingUserSignUp), so the two cases look the same here.
    const { user } = await context.auth.api.signUpEmail({
      body: { name: `${firstName} ${lastName}`, email, password, callbackURL: "/dashboard" },
      headers: authHeaders(request, context.clientIp),
    });
    // The role is never taken from the request: profiles start as `user`.
    await context.db
      .update(profiles)
      .set({ firstName, lastName, company })
      .where(eq(profiles.userId, user.id));
  } catch (error) {
    const authError = authErrorOf(error);
    if (!authError) throw error;
    return data(
      {
        status: "failed" as const,
        formError: authError.message,
        values: typed,
      },
      { status: authError.status >= 400 && authError.status < 500 ? authError.status : 400 },
    );
  }
  return { status: "registered" as const };
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
  const registered = actionData?.status === "registered";
  const providerError = actionData?.status === "failed" ? actionData.formError : null;

  useEffect(() => {
    if (registered) toast.success(REGISTERED);
    if (providerError) toast.error(providerError);
  }, [registered, providerError, actionData]);

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
        <FormNotice tone="success">{REGISTERED}</FormNotice>
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
