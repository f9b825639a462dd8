import { data, Form, Link, useNavigation } from "react-router";
import { consumeNamedLimit } from "#server/security/rate-limits";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { forgotPasswordSchema } from "~/lib/forms/account-schemas";
import { parseForm } from "~/lib/forms/parse";
import { useFormValidation } from "~/lib/forms/use-form-validation";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/forgot-password";
import { readFormData } from "~/lib/forms/read-form.server";

const SENT =
  "If an account exists for that email address, we have sent a link to reset the password. The link works once and expires in one hour.";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(forgotPasswordSchema, await readFormData(request));
  if (!parsed.ok) {
    return data(
      { status: "invalid" as const, errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  }
  // Over the limit, the answer is the same; only the mail is not sent.
  const limit = await consumeNamedLimit(context.db, "passwordResetPerAddress", context.clientIp);
  if (limit.allowed) {
    // better-auth answers the same for unknown addresses; so do we, whatever happens.
    await context.auth.api
      .requestPasswordReset({
        body: { email: parsed.data.email, redirectTo: `${context.baseUrl}/reset-password` },
      })
      .catch((error: unknown) => console.warn(`Password reset request failed: ${String(error)}`));
  }
  return { status: "sent" as const };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(baseUrlFromMatches(matches), { title: "Forgot password", path: "/forgot-password" });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/forgot-password";
  const serverErrors = actionData?.status === "invalid" ? actionData.errors : {};
  const { errors, onSubmit, onChange } = useFormValidation(forgotPasswordSchema, serverErrors);
  const values = actionData?.status === "invalid" ? actionData.values : {};
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
      {actionData?.status === "sent" ? (
        <FormNotice tone="success">{SENT}</FormNotice>
      ) : (
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-8 space-y-5">
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={values.email}
            error={errors.email}
            required
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Sending link..." : "Send reset link"}
          </Button>
        </Form>
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
