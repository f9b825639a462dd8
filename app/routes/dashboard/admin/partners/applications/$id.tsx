import { href, Link } from "react-router";
import { approveApplication } from "#server/applications/approve-application";
import { declineApplication } from "#server/applications/decline-application";
import { getApplication } from "#server/applications/queries";
import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { runIntent } from "#server/http/run-intent";
import { redirectWithToast } from "#server/http/toast";
import { AdminPage } from "~/components/admin/admin-page";
import { replyTo } from "~/components/dashboard/record-page";
import { AdminFormCard } from "~/components/admin/admin-form-card";
import { FactList, RecordSection } from "~/components/dashboard/record-section";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextAreaField } from "~/components/ui/form-field";
import { formatDate } from "~/lib/dates";
import { declineApplicationSchema } from "~/lib/forms/partner-admin-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { workspacePageMeta } from "~/lib/meta";
import { applicationFacts } from "~/lib/organization-types";
import { APPLICATION_STATUS_LABELS } from "~/lib/partner-status";
import { partnerApplicationsPath } from "~/lib/paths";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  return orNotFound(getApplication(context.db, actor, params.id), "We could not find that application.");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  return runIntent(submission, {
    approve: async () => {
      const { partner } = await approveApplication(context, { actor, applicationId: params.id });
      return redirectWithToast(
        href("/dashboard/admin/partners/:id", { id: partner.id }),
        "application-approved",
      );
    },
    decline: async (input) => {
      await declineApplication(context, { actor, applicationId: params.id, input });
      return redirectWithToast(partnerApplicationsPath("rejected"), "application-declined");
    },
  });
}

export const meta: Route.MetaFunction = workspacePageMeta(
  "Partner application",
  "/dashboard/admin/partners/applications",
);

export default function ApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { application, partner, decidedByEmail } = loaderData;
  return (
    <AdminPage
      title={application.organizationName}
      intro={`Partner application: ${APPLICATION_STATUS_LABELS[application.status]}`}
      actions={
        <Link to={partnerApplicationsPath()} className="text-sm text-water-700 underline hover:text-navy-900">
          All applications
        </Link>
      }
    >
      <RecordSection id="application-details" title="The application">
        <FactList
          facts={[...applicationFacts(application), ["Received", formatDate(application.createdAt)]]}
        />
        <h3 className="mt-6 font-semibold text-slate-900">What they offer</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{application.description}</p>
        <h3 className="mt-4 font-semibold text-slate-900">Why they want to partner with RCL</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{application.message}</p>
      </RecordSection>

      {application.status === "pending" ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <AdminFormCard intent="approve" title="Approve" lastResult={replyTo(actionData, "approve")}>
            <p className="text-sm text-slate-700">
              Approving creates the partner with these details, live on the site, and emails{" "}
              {application.email} a link to set a password and open the partner dashboard.
            </p>
            <SubmitButton>Approve and invite</SubmitButton>
          </AdminFormCard>
          <AdminFormCard
            intent="decline"
            title="Decline"
            schema={declineApplicationSchema}
            lastResult={replyTo(actionData, "decline")}
          >
            {(fields) => (
              <>
                <TextAreaField
                  field={fields.reason}
                  label="Reason"
                  hint={`Emailed to ${application.email} as you write it.`}
                />
                <SubmitButton variant="outline">Decline and send the reason</SubmitButton>
              </>
            )}
          </AdminFormCard>
        </div>
      ) : (
        <RecordSection id="decision" title="Decision" className="text-sm">
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
        </RecordSection>
      )}
    </AdminPage>
  );
}
