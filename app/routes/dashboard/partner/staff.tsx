import { Form } from "react-router";
import { seesAllPartners } from "#server/auth/policies";
import { requireArea } from "#server/auth/viewer";
import { notFoundResponse, orNotFound } from "#server/http/respond";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { chosenPartner } from "#server/partners/chosen-partner";
import { inviteCheckInStaff } from "#server/partners/invite-check-in-staff";
import { loadManagedPartner } from "#server/partners/partner-profile";
import { listCheckInStaff } from "#server/partners/queries";
import { removeCheckInStaff } from "#server/partners/remove-check-in-staff";
import { AdminFormCard } from "~/components/admin/admin-form-card";
import { MemberFields } from "~/components/admin/member-fields";
import { replyTo } from "~/components/dashboard/record-page";
import { RefusalMessage } from "~/components/forms/refusal-message";
import { PartnerChooser } from "~/components/partners/partner-chooser";
import { ListTable } from "~/components/ui/list-table";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDate } from "~/lib/dates";
import { inviteMemberSchema } from "~/lib/forms/partner-admin-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { workspacePageMeta } from "~/lib/meta";
import { CHECK_IN_STAFF_PATH, checkInStaffPath } from "~/lib/paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/staff";

/**
 * A partner's check-in staff (ADR 038): people who check teams in and read crew lists on
 * the day, and reach nothing else. Members invite and remove them here; full members
 * stay the admins' to add.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { choices, partnerId } = await chosenPartner(request, context.db, actor);
  if (partnerId === null) return { partner: null, staff: [], choices };
  const partner = await orNotFound(loadManagedPartner(context.db, actor, partnerId));
  return {
    partner: { id: partner.id, name: partner.name },
    staff: await listCheckInStaff(context.db, actor, partner.id),
    // Links between partners only for a member of several; admins come from the list.
    choices: seesAllPartners(actor) ? [] : choices,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const { partnerId } = await chosenPartner(request, context.db, actor);
  if (partnerId === null) throw notFoundResponse(m.partner_not_found());
  const { submission } = await readSubmission(request);
  const here = checkInStaffPath(partnerId);
  return runIntent(
    submission,
    {
      invite: redirectAfter(here, "staff-invited", (input) =>
        inviteCheckInStaff(context, { actor, partnerId, input }),
      ),
      remove: redirectAfter(here, "staff-removed", (input) =>
        removeCheckInStaff(context, { actor, partnerId, userId: String(input.userId ?? "") }),
      ),
    },
    { record: () => loadManagedPartner(context.db, actor, partnerId) },
  );
}

export const meta: Route.MetaFunction = workspacePageMeta(m.staff_title, CHECK_IN_STAFF_PATH);

export default function CheckInStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { partner, staff, choices } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="space-y-3">
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">
          {partner ? m.staff_heading({ name: partner.name }) : m.staff_title()}
        </h1>
        <p className="text-slate-600">{partner ? m.staff_intro() : m.staff_choose()}</p>
        {choices.length > 1 || !partner ? (
          <PartnerChooser partners={choices} currentId={partner?.id} pathFor={checkInStaffPath} />
        ) : null}
      </div>
      {partner && (
        <>
          <section aria-labelledby="staff" className="space-y-4">
            <h2 id="staff" className="text-lg font-semibold text-navy-900">
              {m.staff_list_heading()}
            </h2>
            <RefusalMessage lastResult={replyTo(actionData, "remove")} />
            <ListTable
              caption={m.staff_caption({ name: partner.name })}
              rows={staff}
              rowKey={(person) => person.userId}
              empty={staff.length === 0 ? m.staff_empty() : null}
              columns={[
                { label: m.admin_partner_name(), cell: (person) => person.name },
                { label: m.admin_partner_email(), cell: (person) => person.email },
                {
                  label: m.admin_partner_status(),
                  cell: (person) =>
                    person.hasPassword
                      ? m.admin_partner_member_active()
                      : person.invitationOpen
                        ? m.admin_partner_invitation_sent()
                        : m.admin_partner_invitation_expired(),
                },
                { label: m.admin_partner_member_since(), cell: (person) => formatDate(person.since) },
                {
                  label: m.admin_partner_actions(),
                  cell: (person) => (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="userId" value={person.userId} />
                      <SubmitButton variant="outline" size="sm">
                        {m.admin_partner_remove()}
                        <span className="sr-only"> {person.email}</span>
                      </SubmitButton>
                    </Form>
                  ),
                },
              ]}
            />
          </section>
          <AdminFormCard
            intent="invite"
            title={m.staff_invite_heading()}
            level={2}
            schema={inviteMemberSchema}
            lastResult={replyTo(actionData, "invite")}
            className="space-y-4"
          >
            {(fields) => (
              <>
                <p className="text-sm text-slate-600">{m.staff_invite_hint()}</p>
                <MemberFields fields={fields} />
                <SubmitButton>{m.admin_partner_send_invitation()}</SubmitButton>
              </>
            )}
          </AdminFormCard>
        </>
      )}
    </main>
  );
}
