import { getFormProps } from "@conform-to/react";
import { data, Form, redirectDocument, useParams } from "react-router";
import { savedLanguage } from "#server/accounts/saved-language";
import { ACCOUNT_DISABLED, authHeaders } from "#server/auth/auth";
import { authErrorOf } from "#server/auth/errors";
import { isAppError } from "#server/errors";
import { cookiesOf } from "#server/http/cookies";
import { languageCookie } from "#server/http/language";
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
import { invitationRefused } from "~/lib/invitation-messages";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/invitations.$token";

const HIDDEN = { hideFields: ["password", "confirmPassword"] };
const PARTNER_DASHBOARD = "/dashboard/partner";
/** Check-in staff have no partner area: their own dashboard lists the day's events (ADR 038). */
const STAFF_DASHBOARD = "/dashboard";

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
  let checkInOnly: boolean;
  try {
    ({ email, checkInOnly } = await acceptInvitation(context, { input: { ...input, token: params.token } }));
  } catch (error) {
    if (isAppError(error) && error.reason === "invitation")
      return data({ refused: true as const }, { status: 409 });
    return replyWithRefusal(submission, error, HIDDEN);
  }
  // The password was just set, so signing in with it fails only for a disabled account
  // (an admin may link one to a partner) or a server fault.
  let headers: Headers;
  let userId: string;
  try {
    const signedIn = await context.auth.api.signInEmail({
      body: { email, password: String(input.password) },
      headers: authHeaders(request, context.clientIp),
      returnHeaders: true,
    });
    headers = signedIn.headers;
    userId = signedIn.response.user.id;
  } catch (error) {
    const authError = authErrorOf(error);
    if (authError?.code === ACCOUNT_DISABLED) throw data(m.err_account_disabled(), { status: 403 });
    throw error;
  }
  // The dashboard speaks the person's saved language (ADR 033), which may not be this
  // page's: the cookie says it, and a new document shows it (as after signing in).
  const cookies = cookiesOf(headers);
  cookies.append("Set-Cookie", languageCookie(await savedLanguage(context.db, userId)));
  const dashboard = checkInOnly ? STAFF_DASHBOARD : PARTNER_DASHBOARD;
  const toast = await redirectWithToast(dashboard, "invitation-accepted", { headers: cookies });
  return redirectDocument(dashboard, { status: 303, headers: toast.headers });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(baseUrlFromMatches(matches), { title: m.invitation_title, path: "/invitations" }),
  { name: "robots", content: "noindex" },
];

/**
 * An invitation link is a secret; the page is never cached or shared, and the link leaves
 * with no click to another site. Same-origin, not no-referrer: a form posted from a
 * no-referrer page carries `Origin: null`, which the cross-site check refuses.
 */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

const validateAccept = validateWith(resetPasswordSchema);
const validateRequest = validateWith(forgotPasswordSchema);

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const refused = loaderData.state !== "valid" || (actionData && "refused" in actionData);
  const reply = actionData && "initialValue" in actionData ? (actionData as FormReply) : undefined;
  const requested = Boolean(actionData && "requested" in actionData);
  return (
    <AuthLayout
      panelTitle={m.invitation_panel_title()}
      panelPoints={
        loaderData.checkInOnly
          ? [
              m.invitation_staff_point_events(),
              m.invitation_staff_point_crew(),
              m.invitation_staff_point_jetty(),
            ]
          : [m.invitation_point_page(), m.invitation_point_publish(), m.invitation_point_teams()]
      }
    >
      <h1 className="text-3xl font-bold text-navy-900">
        {refused ? m.invitation_link_dead() : m.invitation_title()}
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
          checkInOnly={loaderData.checkInOnly}
          lastResult={reply}
        />
      )}
    </AuthLayout>
  );
}

function AcceptForm({
  email,
  partnerName,
  checkInOnly,
  lastResult,
}: {
  email: string;
  partnerName: string;
  /** Check-in staff are invited to check teams in, not to manage the partner (ADR 038). */
  checkInOnly: boolean;
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
        {checkInOnly ? m.invitation_staff_intro_before() : m.invitation_intro_before()}
        <strong>{partnerName}</strong>
        {checkInOnly ? m.invitation_staff_intro_after({ email }) : m.invitation_intro_after({ email })}
      </p>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="token" value={token} />
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <NewPasswordFields fields={fields} />
      <SubmitButton size="lg" className="w-full" pendingLabel={m.form_saving()}>
        {m.invitation_submit()}
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
    return <FormNotice tone="success">{m.invitation_requested()}</FormNotice>;
  }
  return (
    <>
      <FormNotice tone="error">{invitationRefused()}</FormNotice>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="request" />
        <TextField field={fields.email} label={m.form_email()} type="email" autoComplete="email" required />
        <SubmitButton size="lg" className="w-full" pendingLabel={m.invitation_request_pending()}>
          {m.invitation_request_submit()}
        </SubmitButton>
      </Form>
    </>
  );
}
