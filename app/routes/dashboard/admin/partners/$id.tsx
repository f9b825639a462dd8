import { Form, href, Link } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { confirmVatStatus } from "#server/billing/confirm-vat-status";
import { getBillingProfileForAdmin } from "#server/billing/queries";
import { orNotFound } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { getPartnerForAdmin } from "#server/partners/admin-queries";
import { loadManagedPartner } from "#server/partners/partner-profile";
import { invitePartnerMember } from "#server/partners/invite-partner-member";
import { removePartnerMember } from "#server/partners/remove-partner-member";
import { updatePartnerSettings } from "#server/partners/update-partner-settings";
import { AdminPage } from "~/components/admin/admin-page";
import { replyTo } from "~/components/dashboard/record-page";
import { MemberFields } from "~/components/admin/member-fields";
import { TierFields } from "~/components/admin/tier-fields";
import { AdminFormCard } from "~/components/admin/admin-form-card";
import { PartnerBillingSection } from "~/components/admin/partner-billing-section";
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
import { m } from "~/paraglide/messages";
import { PARTNER_STATUS_LABELS } from "~/lib/partner-status";
import { auditLogPath, partnerProfilePath } from "~/lib/paths";
import { publicPartnerPath } from "~/lib/public-paths";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const [detail, billing] = await Promise.all([
    orNotFound(getPartnerForAdmin(context.db, actor, params.id), m.admin_partner_not_found()),
    getBillingProfileForAdmin(context.db, actor, params.id),
  ]);
  return { ...detail, billing };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  const partnerId = params.id;
  const here = href("/dashboard/admin/partners/:id", { id: partnerId });
  return runIntent(
    submission,
    {
      settings: redirectAfter(here, "partner-settings-saved", (input) =>
        updatePartnerSettings(context, { actor, partnerId, input }),
      ),
      invite: redirectAfter(here, "member-invited", (input) =>
        invitePartnerMember(context, { actor, partnerId, input }),
      ),
      "remove-member": redirectAfter(here, "member-removed", (input) =>
        removePartnerMember(context, { actor, partnerId, userId: String(input.userId ?? "") }),
      ),
      "confirm-vat": redirectAfter(here, "vat-status-confirmed", (input) =>
        confirmVatStatus(context, { actor, partnerId, input }),
      ),
    },
    { record: () => loadManagedPartner(context.db, actor, partnerId) },
  );
}

export const meta: Route.MetaFunction = workspacePageMeta(m.admin_partner_title, "/dashboard/admin/partners");

export default function AdminPartner({ loaderData, actionData }: Route.ComponentProps) {
  const { partner, members, invitations, eventsCount, billing } = loaderData;
  const pendingInvitations = new Set(invitations.map((invitation) => invitation.email.toLowerCase()));
  return (
    <AdminPage
      title={partner.name}
      intro={`${partner.location} · ${PARTNER_STATUS_LABELS[partner.status]} · ${m.admin_partner_events_count({ count: eventsCount })}`}
      actions={
        <>
          <Link to={partnerProfilePath(partner.id)} className={buttonVariants()}>
            {m.admin_partner_edit_profile()}
          </Link>
          {partner.status === "approved" && (
            <Link to={publicPartnerPath(partner.slug)} className={buttonVariants({ variant: "outline" })}>
              {m.admin_partner_view_public()}
            </Link>
          )}
          <Link
            to={auditLogPath({ partnerId: partner.id })}
            className={buttonVariants({ variant: "outline" })}
          >
            {m.admin_partner_history()}
          </Link>
        </>
      }
    >
      <AdminFormCard
        intent="settings"
        title={m.admin_partner_status_and_terms()}
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
              label={m.admin_partner_status()}
              hint={m.admin_partner_status_hint()}
              options={optionsOf(PARTNER_STATUS_LABELS)}
            />
            <TierFields fields={fields} />
            <SubmitButton>{m.admin_partner_save_settings()}</SubmitButton>
          </>
        )}
      </AdminFormCard>

      <PartnerBillingSection
        partner={partner}
        billing={billing}
        lastResult={replyTo(actionData, "confirm-vat")}
      />

      <section aria-labelledby="members" className="space-y-4">
        <h2 id="members" className="text-lg font-semibold text-navy-900">
          {m.admin_partner_members()}
        </h2>
        <RefusalMessage lastResult={replyTo(actionData, "remove-member")} />
        <ListTable
          caption={m.admin_partner_members_caption({ name: partner.name })}
          rows={members}
          rowKey={(member) => member.userId}
          empty={members.length === 0 ? m.admin_partner_members_empty() : null}
          columns={[
            { label: m.admin_partner_name(), cell: (member) => member.name },
            { label: m.admin_partner_email(), cell: (member) => member.email },
            {
              label: m.admin_partner_member_role(),
              cell: (member) =>
                member.role === "check_in" ? m.staff_role_check_in() : m.staff_role_member(),
            },
            {
              label: m.admin_partner_status(),
              cell: (member) =>
                member.hasPassword
                  ? m.admin_partner_member_active()
                  : pendingInvitations.has(member.email.toLowerCase())
                    ? m.admin_partner_invitation_sent()
                    : m.admin_partner_invitation_expired(),
            },
            { label: m.admin_partner_member_since(), cell: (member) => formatDate(member.since) },
            {
              label: m.admin_partner_actions(),
              cell: (member) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-member" />
                  <input type="hidden" name="userId" value={member.userId} />
                  <SubmitButton variant="outline" size="sm">
                    {m.admin_partner_remove()}
                    <span className="sr-only"> {member.email}</span>
                  </SubmitButton>
                </Form>
              ),
            },
          ]}
        />
        <AdminFormCard
          intent="invite"
          title={m.admin_partner_invite_member()}
          level={3}
          schema={inviteMemberSchema}
          lastResult={replyTo(actionData, "invite")}
          className="space-y-4"
        >
          {(fields) => (
            <>
              <MemberFields fields={fields} />
              <SubmitButton>{m.admin_partner_send_invitation()}</SubmitButton>
            </>
          )}
        </AdminFormCard>
      </section>
    </AdminPage>
  );
}
