import { getFormProps } from "@conform-to/react";
import { data, Form, useParams } from "react-router";
import { ACCOUNT_DISABLED, authHeaders } from "#server/auth/auth";
import { authErrorOf } from "#server/auth/errors";
import { isAppError } from "#server/errors";
import { cookiesOf } from "#server/http/cookies";
import { replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { acceptInvitation } from "#server/invitations/accept-invitation";
import { findInvitation } from "#server/invitations/queries";
import { requestNewInvitation } from "#server/invitations/request-new-invitation";
import { AuthLayout, FormNotice } from "~/components/auth/auth-layout";
import { FormErrors } from "~/components/forms/form-errors";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { forgotPasswordSchema, resetPasswordSchema } from "~/lib/forms/account-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { INVITATION_REFUSED } from "~/lib/invitation-messages";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/invitations.$token";

const HIDDEN = { hideFields: ["password", "confirmPassword"] };

export async function loader({ context, params }: Route.LoaderArgs) {
  return findInvitation(context.db, params.token);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { submission } = await readSubmission(request);
  const { intent, ...input } = submission.payload;
  if (intent === "request") {
    try {
      await requestNewInvitation(context, { input, clientIp: context.clientIp });
    } catch (error) {
      return replyWithRefusal(submission, error);
    }
    return { requested: true as const };
  }
  let email: string;
  try {
    ({ email } = await acceptInvitation(context, { input: { ...input, token: params.token } }));
  } catch (error) {
    if (isAppError(error) && error.reason === "invitation")
      return data({ refused: true as const }, { status: 409 });
    return replyWithRefusal(submission, error, HIDDEN);
  }
  // The password was just set, so signing in with it fails only for a disabled account
  // (an admin may link one to a partner) or a server fault.
  let headers: Headers;
  try {
    ({ headers } = await context.auth.api.signInEmail({
      body: { email, password: String(input.password) },
      headers: authHeaders(request, context.clientIp),
      returnHeaders: true,
    }));
  } catch (error) {
    const authError = authErrorOf(error);
    if (authError?.code === ACCOUNT_DISABLED) throw data(authError.message, { status: 403 });
    throw error;
  }
  return redirectWithToast("/dashboard/partner", "invitation-accepted", { headers: cookiesOf(headers) });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(baseUrlFromMatches(matches), { title: "Set your password", path: "/invitations" }),
  { name: "robots", content: "noindex" },
];

/** An invitation link is a secret; the page is never cached or shared. */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

const validateAccept = validateWith(resetPasswordSchema);
const validateRequest = validateWith(forgotPasswordSchema);

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const refused = loaderData.state !== "valid" || (actionData && "refused" in actionData);
  const reply = actionData && "initialValue" in actionData ? (actionData as FormReply) : undefined;
  const requested = Boolean(actionData && "requested" in actionData);
  return (
    <AuthLayout
      panelTitle="Welcome to Rethink Corporate Life"
      panelPoints={["Edit your partner page", "Publish events for companies", "See which teams book"]}
    >
      <h1 className="text-3xl font-bold text-navy-900">
        {refused ? "This link no longer works" : "Set your password"}
      </h1>
      {refused ? (
        <RequestNewLink
          lastResult={reply?.initialValue?.intent === "request" ? reply : undefined}
          requested={requested}
        />
      ) : (
        <AcceptForm
          email={loaderData.email ?? ""}
          partnerName={loaderData.partnerName ?? ""}
          lastResult={reply}
        />
      )}
    </AuthLayout>
  );
}

function AcceptForm({
  email,
  partnerName,
  lastResult,
}: {
  email: string;
  partnerName: string;
  lastResult?: FormReply;
}) {
  const { token = "" } = useParams();
  const [form, fields] = useAppForm<FormValues<typeof resetPasswordSchema>>("accept-invitation", {
    lastResult,
    validate: validateAccept,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
      <p className="text-slate-700">
        You are invited to manage <strong>{partnerName}</strong>. Choose a password for {email}; you will be
        signed in to your partner dashboard.
      </p>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="token" value={token} />
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <NewPasswordFields fields={fields} />
      <SubmitButton size="lg" className="w-full" pendingLabel="Saving...">
        Set password and open my dashboard
      </SubmitButton>
    </Form>
  );
}

function RequestNewLink({ lastResult, requested }: { lastResult?: FormReply; requested: boolean }) {
  const [form, fields] = useAppForm<FormValues<typeof forgotPasswordSchema>>("request-invitation", {
    lastResult,
    validate: validateRequest,
  });
  if (requested) {
    return (
      <FormNotice tone="success">
        If that address was invited, a new link is on its way. Check your inbox (and the spam folder).
      </FormNotice>
    );
  }
  return (
    <>
      <FormNotice tone="error">{INVITATION_REFUSED}</FormNotice>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="request" />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
        <SubmitButton size="lg" className="w-full" pendingLabel="Sending...">
          Send me a new link
        </SubmitButton>
      </Form>
    </>
  );
}
