import { Form, href, Link } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { getPartnerForAdmin } from "#server/partners/admin-queries";
import { invitePartnerMember } from "#server/partners/invite-partner-member";
import { removePartnerMember } from "#server/partners/remove-partner-member";
import { updatePartnerSettings } from "#server/partners/update-partner-settings";
import { AdminPage } from "~/components/admin/admin-page";
import { replyTo } from "~/components/dashboard/record-page";
import { MemberFields } from "~/components/admin/member-fields";
import { TierFields } from "~/components/admin/tier-fields";
import { AdminFormCard } from "~/components/admin/admin-form-card";
import { RefusalMessage } from "~/components/forms/refusal-message";
import { buttonVariants } from "~/components/ui/button";
import { optionsOf } from "~/components/ui/filter-select";
import { ListTable } from "~/components/ui/list-table";
import { SubmitButton } from "~/components/ui/submit-button";
import { SelectField } from "~/components/ui/form-field";
import { formatDate } from "~/lib/dates";
import { inviteMemberSchema, partnerSettingsSchema } from "~/lib/forms/partner-admin-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { workspacePageMeta } from "~/lib/meta";
import { PARTNER_STATUS_LABELS } from "~/lib/partner-status";
import { auditLogPath, partnerProfilePath } from "~/lib/paths";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  return orNotFound(getPartnerForAdmin(context.db, actor, params.id), "We could not find that partner.");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  const partnerId = params.id;
  const here = href("/dashboard/admin/partners/:id", { id: partnerId });
  return runIntent(submission, {
    settings: redirectAfter(here, "partner-settings-saved", (input) =>
      updatePartnerSettings(context, { actor, partnerId, input }),
    ),
    invite: redirectAfter(here, "member-invited", (input) =>
      invitePartnerMember(context, { actor, partnerId, input }),
    ),
    "remove-member": redirectAfter(here, "member-removed", (input) =>
      removePartnerMember(context, { actor, partnerId, userId: String(input.userId ?? "") }),
    ),
  });
}

export const meta: Route.MetaFunction = workspacePageMeta("Partner", "/dashboard/admin/partners");

export default function AdminPartner({ loaderData, actionData }: Route.ComponentProps) {
  const { partner, members, invitations, eventsCount } = loaderData;
  const pendingInvitations = new Set(invitations.map((invitation) => invitation.email.toLowerCase()));
  return (
    <AdminPage
      title={partner.name}
      intro={`${partner.location} · ${PARTNER_STATUS_LABELS[partner.status]} · ${eventsCount} event${eventsCount === 1 ? "" : "s"}`}
      actions={
        <>
          <Link to={partnerProfilePath(partner.id)} className={buttonVariants()}>
            Edit profile
          </Link>
          {partner.status === "approved" && (
            <Link
              to={href("/partners/:slug", { slug: partner.slug })}
              className={buttonVariants({ variant: "outline" })}
            >
              View public page
            </Link>
          )}
          <Link
            to={auditLogPath({ partnerId: partner.id })}
            className={buttonVariants({ variant: "outline" })}
          >
            History
          </Link>
        </>
      }
    >
      <AdminFormCard
        intent="settings"
        title="Status and terms"
        schema={partnerSettingsSchema}
        defaultValue={{
          status: partner.status,
          tier: partner.tier,
          revenueSharePercent:
            partner.revenueSharePercent === null ? "" : String(partner.revenueSharePercent),
          featured: partner.featured ? "on" : "",
        }}
        lastResult={replyTo(actionData, "settings")}
        className="max-w-3xl space-y-4"
      >
        {(fields) => (
          <>
            <SelectField
              field={fields.status}
              label="Status"
              hint="Suspending hides the partner and its events from the public site and emails its members."
              options={optionsOf(PARTNER_STATUS_LABELS)}
            />
            <TierFields fields={fields} />
            <SubmitButton>Save settings</SubmitButton>
          </>
        )}
      </AdminFormCard>

      <section aria-labelledby="members" className="space-y-4">
        <h2 id="members" className="text-lg font-semibold text-navy-900">
          Members
        </h2>
        <RefusalMessage lastResult={replyTo(actionData, "remove-member")} />
        <ListTable
          caption={`People who manage ${partner.name}`}
          rows={members}
          rowKey={(member) => member.userId}
          empty={members.length === 0 ? "Nobody manages this partner yet. Invite someone below." : null}
          columns={[
            { label: "Name", cell: (member) => member.name },
            { label: "Email", cell: (member) => member.email },
            {
              label: "Status",
              cell: (member) =>
                member.hasPassword
                  ? "Active"
                  : pendingInvitations.has(member.email.toLowerCase())
                    ? "Invitation sent"
                    : "Invitation expired",
            },
            { label: "Member since", cell: (member) => formatDate(member.since) },
            {
              label: "Actions",
              cell: (member) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-member" />
                  <input type="hidden" name="userId" value={member.userId} />
                  <SubmitButton variant="outline" size="sm">
                    Remove<span className="sr-only"> {member.email}</span>
                  </SubmitButton>
                </Form>
              ),
            },
          ]}
        />
        <AdminFormCard
          intent="invite"
          title="Invite a member"
          level={3}
          schema={inviteMemberSchema}
          lastResult={replyTo(actionData, "invite")}
          className="space-y-4"
        >
          {(fields) => (
            <>
              <MemberFields fields={fields} />
              <SubmitButton>Send invitation</SubmitButton>
            </>
          )}
        </AdminFormCard>
      </section>
    </AdminPage>
  );
}
