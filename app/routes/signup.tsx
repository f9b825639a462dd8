import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { signUp } from "#server/accounts/sign-up";
import { authHeaders } from "#server/auth/auth";
import { getViewer } from "#server/auth/viewer";
import { replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { useFailureToast } from "~/components/auth/failure-toast";
import { FormErrors } from "~/components/forms/form-errors";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { PersonNameFields } from "~/components/forms/person-name-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/form-field";
import { signupSchema } from "~/lib/forms/account-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { useAppForm, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { staticPageMeta } from "~/lib/meta";
import { TOAST_MESSAGES } from "~/lib/toast-messages";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/signup";

const validate = validateWith(signupSchema);

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request);
  try {
    const viewer = await getViewer(request, context);
    await signUp(context, {
      actor: viewer?.actor ?? null,
      input: submission.payload,
      headers: authHeaders(request, context.clientIp),
      clientIp: context.clientIp,
    });
  } catch (error) {
    // Passwords are never sent back to the page.
    return replyWithRefusal(submission, error, { hideFields: ["password", "confirmPassword"] });
  }
  // The page stays in place and shows the confirmation (spec §4).
  return redirectWithToast("/signup", "signed-up");
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Sign up",
  description: "Create a free Rethink Corporate Life account to book team events and join the community.",
  path: "/signup",
});

export default function Signup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/signup";
  const [form, fields] = useAppForm<FormValues<typeof signupSchema>>("signup", {
    lastResult: actionData,
    validate,
  });
  useFailureToast(actionData);
  // The toast after the redirect says it too; the notice replaces the form so it cannot be sent twice.
  const registered = useRootData()?.toast === "signed-up";

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
          <FormErrors form={form} />
          <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
            <PersonNameFields fields={fields} />
            <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
            <TextField field={fields.company} label="Company" optional autoComplete="organization" />
            <NewPasswordFields fields={fields} />
            <CheckboxField
              field={fields.acceptTerms}
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
