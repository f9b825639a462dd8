import { getFormProps } from "@conform-to/react";
import { data, Form, href, Link, useNavigation } from "react-router";
import { approveApplication } from "#server/applications/approve-application";
import { declineApplication } from "#server/applications/decline-application";
import { getApplication } from "#server/applications/queries";
import { requireArea } from "#server/auth/viewer";
import { notFoundResponse, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { AdminPage } from "~/components/admin/admin-page";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/form-field";
import { formatDate } from "~/lib/dates";
import { declineApplicationSchema } from "~/lib/forms/partner-admin-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { staticPageMeta } from "~/lib/meta";
import { ORGANIZATION_TYPES } from "~/lib/organization-types";
import { APPLICATION_STATUS_LABELS } from "~/lib/partner-status";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireArea(request, context, "admin");
  const found = await getApplication(context.db, params.id);
  if (!found) throw notFoundResponse("We could not find that application.");
  return found;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  const { intent, ...input } = submission.payload;
  try {
    switch (intent) {
      case "approve": {
        const { partner } = await approveApplication(context, { actor, applicationId: params.id });
        return redirectWithToast(
          href("/dashboard/admin/partners/:id", { id: partner.id }),
          "application-approved",
        );
      }
      case "decline":
        await declineApplication(context, { actor, applicationId: params.id, input });
        return redirectWithToast(
          `${href("/dashboard/admin/partners/applications")}?status=rejected`,
          "application-declined",
        );
      default:
        throw data("Unknown form", { status: 400 });
    }
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Partner application",
  path: "/dashboard/admin/partners/applications",
  noindex: true,
});

const validateDecline = validateWith(declineApplicationSchema);

export default function ApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { application, partner, decidedByEmail } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const resultOf = (intent: string) =>
    actionData?.initialValue?.intent === intent ? (actionData as FormReply) : undefined;
  const details: [string, string][] = [
    ["Type", ORGANIZATION_TYPES[application.organizationType]],
    ["Location", application.location],
    ["Website", application.website ?? "(none)"],
    ["Contact", application.contactName],
    ["Email", application.email],
    ["Phone", application.phone ?? "(none)"],
    ["Received", formatDate(application.createdAt)],
  ];
  return (
    <AdminPage
      title={application.organizationName}
      intro={`Partner application: ${APPLICATION_STATUS_LABELS[application.status]}`}
      actions={
        <Link
          to={href("/dashboard/admin/partners/applications")}
          className="text-sm text-water-700 underline hover:text-navy-900"
        >
          All applications
        </Link>
      }
    >
      <section aria-labelledby="application-details" className="rounded-lg border border-slate-200 p-5">
        <h2 id="application-details" className="text-lg font-semibold text-navy-900">
          The application
        </h2>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              <dd className="mt-1 break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-6 font-semibold text-slate-900">What they offer</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{application.description}</p>
        <h3 className="mt-4 font-semibold text-slate-900">Why they want to partner with RCL</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{application.message}</p>
      </section>

      {application.status === "pending" ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <ApproveForm email={application.email} lastResult={resultOf("approve")} busy={busy} />
          <DeclineForm email={application.email} lastResult={resultOf("decline")} busy={busy} />
        </div>
      ) : (
        <section aria-labelledby="decision" className="rounded-lg border border-slate-200 p-5 text-sm">
          <h2 id="decision" className="text-lg font-semibold text-navy-900">
            Decision
          </h2>
          <p className="mt-2 text-slate-700">
            {APPLICATION_STATUS_LABELS[application.status]}
            {application.decidedAt && ` on ${formatDate(application.decidedAt)}`}
            {decidedByEmail && ` by ${decidedByEmail}`}.
          </p>
          {application.declineReason && (
            <p className="mt-2 whitespace-pre-line text-slate-700">
              Reason given: {application.declineReason}
            </p>
          )}
          {partner && (
            <p className="mt-2">
              <Link
                to={href("/dashboard/admin/partners/:id", { id: partner.id })}
                className="text-water-700 underline hover:text-navy-900"
              >
                Open the partner {partner.name}
              </Link>
            </p>
          )}
        </section>
      )}
    </AdminPage>
  );
}

function ApproveForm({ email, lastResult, busy }: { email: string; lastResult?: FormReply; busy: boolean }) {
  const [form] = useAppForm("approve", { lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-lg border border-slate-200 p-5">
      <h2 className="text-lg font-semibold text-navy-900">Approve</h2>
      <FormErrors form={form} className="mt-0" />
      <p className="text-sm text-slate-700">
        Approving creates the partner with these details, live on the site, and emails {email} a link to set a
        password and open the partner dashboard.
      </p>
      <input type="hidden" name="intent" value="approve" />
      <Button type="submit" disabled={busy}>
        Approve and invite
      </Button>
    </Form>
  );
}

function DeclineForm({ email, lastResult, busy }: { email: string; lastResult?: FormReply; busy: boolean }) {
  const [form, fields] = useAppForm<FormValues<typeof declineApplicationSchema>>("decline", {
    lastResult,
    validate: validateDecline,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-lg border border-slate-200 p-5">
      <h2 className="text-lg font-semibold text-navy-900">Decline</h2>
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="intent" value="decline" />
      <TextAreaField field={fields.reason} label="Reason" hint={`Emailed to ${email} as you write it.`} />
      <Button type="submit" variant="outline" disabled={busy}>
        Decline and send the reason
      </Button>
    </Form>
  );
}
