import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import { authHeaders } from "#server/auth/auth";
import { authErrorOf } from "#server/auth/errors";
import { getViewer, safeRedirectPath } from "#server/auth/viewer";
import { asFormRefusal, retryAfterHeaders } from "#server/http/respond";
import { consumeNamedLimit, enforceRateLimits } from "#server/security/rate-limits";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { loginSchema } from "~/lib/forms/account-schemas";
import { parseForm } from "~/lib/forms/parse";
import { useFormValidation } from "~/lib/forms/use-form-validation";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/login";
import { readFormData } from "~/lib/forms/read-form.server";

const INVALID_CREDENTIALS = "Invalid email or password";
const UNVERIFIED =
  "Please verify your email address before signing in. Use the link we emailed you, or send a new one.";
const VERIFICATION_SENT = "We have sent a new verification link. Please check your email.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getViewer(request, context)) throw redirect(safeRedirectPath(redirectTo));
  return { redirectTo: redirectTo ? safeRedirectPath(redirectTo) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);

  if (formData.get("intent") === "resend-verification") {
    const email = String(formData.get("email") ?? "").trim();
    const limit = await consumeNamedLimit(context.db, "verificationResendPerAddress", context.clientIp);
    if (limit.allowed && email) {
      // The answer is the same whether or not the address has an account.
      await context.auth.api
        .sendVerificationEmail({ body: { email, callbackURL: "/dashboard" } })
        .catch(() => undefined);
    }
    return { status: "verification-sent" as const, values: { email } };
  }

  const parsed = parseForm(loginSchema, formData, { omit: ["intent", "redirectTo"] });
  if (!parsed.ok) {
    return data(
      { status: "invalid" as const, errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  }
  const { email, password } = parsed.data;
  const values = { email };

  try {
    // Counted per address and per account, in the database, so the limit holds across instances.
    await enforceRateLimits(context.db, [
      ["signInPerAddress", context.clientIp],
      ["signInPerAccount", email.toLowerCase()],
    ]);
  } catch (error) {
    const refusal = asFormRefusal(error);
    return data(
      { status: "failed" as const, formError: refusal.message, values },
      { status: refusal.status, headers: retryAfterHeaders(refusal) },
    );
  }

  try {
    const { headers } = await context.auth.api.signInEmail({
      body: { email, password },
      headers: authHeaders(request, context.clientIp),
      returnHeaders: true,
    });
    const target = safeRedirectPath(String(formData.get("redirectTo") ?? ""));
    return redirect(target, { headers });
  } catch (error) {
    const authError = authErrorOf(error);
    if (!authError) throw error;
    if (authError.code === "EMAIL_NOT_VERIFIED") {
      return data({ status: "unverified" as const, values }, { status: 403 });
    }
    // One message for an unknown address and a wrong password alike.
    return data({ status: "failed" as const, formError: INVALID_CREDENTIALS, values }, { status: 401 });
  }
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: "Log in",
    description: "Sign in to Rethink Corporate Life to manage your events and registrations.",
    path: "/login",
  });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const serverErrors = actionData?.status === "invalid" ? actionData.errors : {};
  const { errors, onSubmit, onChange } = useFormValidation(loginSchema, serverErrors);
  const values = actionData?.values ?? {};
  const formError = actionData?.status === "failed" ? actionData.formError : null;

  useEffect(() => {
    if (formError) toast.error(formError);
  }, [formError, actionData]);

  return (
    <AuthLayout
      panelTitle="Your corporate community"
      panelPoints={[
        "Access your events and team registrations",
        "Manage bookings for your company",
        "Connect with the community and our partners",
      ]}
    >
      <h1 className="text-3xl font-bold text-navy-900">Welcome back</h1>
      <p className="mt-2 text-slate-600">Sign in to your account to continue.</p>

      {formError && <FormNotice tone="error">{formError}</FormNotice>}
      {actionData?.status === "unverified" && (
        <FormNotice tone="error">
          <p>{UNVERIFIED}</p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resend-verification" />
            <input type="hidden" name="email" value={values.email ?? ""} />
            <Button type="submit" variant="outline" size="sm">
              Send a new verification link
            </Button>
          </Form>
        </FormNotice>
      )}
      {actionData?.status === "verification-sent" && (
        <FormNotice tone="success">{VERIFICATION_SENT}</FormNotice>
      )}

      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-8 space-y-5">
        {loaderData.redirectTo && <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values.email}
          error={errors.email}
          required
        />
        <div>
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            error={errors.password}
            required
          />
          <p className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className="text-water-600 hover:underline">
              Forgot password?
            </Link>
          </p>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{" "}
        <Link to="/signup" className="font-medium text-water-600 hover:underline">
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
