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
import { m } from "~/paraglide/messages";
import { applicationFacts } from "~/lib/organization-types";
import { APPLICATION_STATUS_LABELS } from "~/lib/partner-status";
import { partnerApplicationsPath } from "~/lib/paths";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  return orNotFound(getApplication(context.db, actor, params.id), m.admin_application_not_found());
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  return runIntent(
    submission,
    {
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
    },
    {
      record: () => orNotFound(getApplication(context.db, actor, params.id), m.admin_application_not_found()),
    },
  );
}

export const meta: Route.MetaFunction = workspacePageMeta(
  m.admin_application_title,
  "/dashboard/admin/partners/applications",
);

export default function ApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { application, partner, decidedByEmail } = loaderData;
  return (
    <AdminPage
      title={application.organizationName}
      intro={m.admin_application_intro({ status: APPLICATION_STATUS_LABELS[application.status] })}
      actions={
        <Link to={partnerApplicationsPath()} className="text-sm text-water-700 underline hover:text-navy-900">
          {m.admin_application_all()}
        </Link>
      }
    >
      <RecordSection id="application-details" title={m.admin_application_the_application()}>
        <FactList
          facts={[
            ...applicationFacts(application),
            [m.admin_application_received(), formatDate(application.createdAt)],
          ]}
        />
        <h3 className="mt-6 font-semibold text-slate-900">{m.admin_application_offer()}</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{application.description}</p>
        <h3 className="mt-4 font-semibold text-slate-900">{m.admin_application_why()}</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{application.message}</p>
      </RecordSection>

      {application.status === "pending" ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <AdminFormCard
            intent="approve"
            title={m.admin_application_approve()}
            lastResult={replyTo(actionData, "approve")}
          >
            <p className="text-sm text-slate-700">
              {m.admin_application_approve_explained({ email: application.email })}
            </p>
            <SubmitButton>{m.admin_application_approve_submit()}</SubmitButton>
          </AdminFormCard>
          <AdminFormCard
            intent="decline"
            title={m.admin_application_decline()}
            schema={declineApplicationSchema}
            lastResult={replyTo(actionData, "decline")}
          >
            {(fields) => (
              <>
                <TextAreaField
                  field={fields.reason}
                  label={m.admin_application_reason()}
                  hint={m.admin_application_reason_hint({ email: application.email })}
                />
                <SubmitButton variant="outline">{m.admin_application_decline_submit()}</SubmitButton>
              </>
            )}
          </AdminFormCard>
        </div>
      ) : (
        <RecordSection id="decision" title={m.admin_application_decision()} className="text-sm">
          <p className="mt-2 text-slate-700">
            {APPLICATION_STATUS_LABELS[application.status]}
            {application.decidedAt &&
              m.admin_application_decided_on({ date: formatDate(application.decidedAt) })}
            {decidedByEmail && m.admin_application_decided_by({ email: decidedByEmail })}.
          </p>
          {application.declineReason && (
            <p className="mt-2 whitespace-pre-line text-slate-700">
              {m.admin_application_reason_given({ reason: application.declineReason })}
            </p>
          )}
          {partner && (
            <p className="mt-2">
              <Link
                to={href("/dashboard/admin/partners/:id", { id: partner.id })}
                className="text-water-700 underline hover:text-navy-900"
              >
                {m.admin_application_open_partner({ name: partner.name })}
              </Link>
            </p>
          )}
        </RecordSection>
      )}
    </AdminPage>
  );
}
