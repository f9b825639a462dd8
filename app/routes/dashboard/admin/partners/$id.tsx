import { getFormProps } from "@conform-to/react";
import { data, Form, href, Link, useNavigation } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { notFoundResponse, replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { getPartnerForAdmin } from "#server/partners/admin-queries";
import { invitePartnerMember } from "#server/partners/invite-partner-member";
import { removePartnerMember } from "#server/partners/remove-partner-member";
import { updatePartnerSettings } from "#server/partners/update-partner-settings";
import { AdminPage, AdminTable, cellClass } from "~/components/admin/admin-page";
import { MemberFields } from "~/components/admin/member-fields";
import { TierFields } from "~/components/admin/tier-fields";
import { FormErrors } from "~/components/forms/form-errors";
import { Button, buttonVariants } from "~/components/ui/button";
import { SelectField } from "~/components/ui/form-field";
import { formatDate } from "~/lib/dates";
import { inviteMemberSchema, partnerSettingsSchema } from "~/lib/forms/partner-admin-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { staticPageMeta } from "~/lib/meta";
import { PARTNER_STATUS_LABELS } from "~/lib/partner-status";
import type { Route } from "./+types/$id";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireArea(request, context, "admin");
  const found = await getPartnerForAdmin(context.db, params.id);
  if (!found) throw notFoundResponse("We could not find that partner.");
  return found;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  const { intent, ...input } = submission.payload;
  const partnerId = params.id;
  const here = href("/dashboard/admin/partners/:id", { id: partnerId });
  try {
    switch (intent) {
      case "settings":
        await updatePartnerSettings(context, { actor, partnerId, input });
        return redirectWithToast(here, "partner-settings-saved");
      case "invite":
        await invitePartnerMember(context, { actor, partnerId, input });
        return redirectWithToast(here, "member-invited");
      case "remove-member":
        await removePartnerMember(context, { actor, partnerId, userId: String(input.userId ?? "") });
        return redirectWithToast(here, "member-removed");
      default:
        throw data("Unknown form", { status: 400 });
    }
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Partner",
  path: "/dashboard/admin/partners",
  noindex: true,
});

const validateSettings = validateWith(partnerSettingsSchema);
const validateInvite = validateWith(inviteMemberSchema);

export default function AdminPartner({ loaderData, actionData }: Route.ComponentProps) {
  const { partner, members, invitations, eventsCount } = loaderData;
  const busy = useNavigation().state !== "idle";
  const resultOf = (intent: string) =>
    actionData?.initialValue?.intent === intent ? (actionData as FormReply) : undefined;
  const pendingInvitations = new Set(invitations.map((invitation) => invitation.email.toLowerCase()));
  return (
    <AdminPage
      title={partner.name}
      intro={`${partner.location} · ${PARTNER_STATUS_LABELS[partner.status]} · ${eventsCount} event${eventsCount === 1 ? "" : "s"}`}
      actions={
        <>
          <Link to={`/dashboard/partner/profile?partner=${partner.id}`} className={buttonVariants()}>
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
            to={`${href("/dashboard/admin/audit")}?partner=${partner.id}`}
            className={buttonVariants({ variant: "outline" })}
          >
            History
          </Link>
        </>
      }
    >
      <SettingsForm
        saved={{
          status: partner.status,
          tier: partner.tier,
          revenueSharePercent:
            partner.revenueSharePercent === null ? "" : String(partner.revenueSharePercent),
          featured: partner.featured ? "on" : "",
        }}
        lastResult={resultOf("settings")}
        busy={busy}
      />

      <section aria-labelledby="members" className="space-y-4">
        <h2 id="members" className="text-lg font-semibold text-navy-900">
          Members
        </h2>
        <RemoveMemberMessage lastResult={resultOf("remove-member")} />
        <AdminTable
          caption={`People who manage ${partner.name}`}
          columns={["Name", "Email", "Status", "Member since", "Actions"]}
          empty={members.length === 0 ? "Nobody manages this partner yet. Invite someone below." : null}
        >
          {members.map((member) => (
            <tr key={member.userId}>
              <td className={cellClass}>{member.name}</td>
              <td className={cellClass}>{member.email}</td>
              <td className={cellClass}>
                {member.hasPassword
                  ? "Active"
                  : pendingInvitations.has(member.email.toLowerCase())
                    ? "Invitation sent"
                    : "Invitation expired"}
              </td>
              <td className={cellClass}>{formatDate(member.since)}</td>
              <td className={cellClass}>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-member" />
                  <input type="hidden" name="userId" value={member.userId} />
                  <Button type="submit" variant="outline" size="sm" disabled={busy}>
                    Remove<span className="sr-only"> {member.email}</span>
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
        <InviteForm lastResult={resultOf("invite")} busy={busy} />
      </section>
    </AdminPage>
  );
}

function SettingsForm({
  saved,
  lastResult,
  busy,
}: {
  saved: { status: string; tier: string; revenueSharePercent: string; featured: string };
  lastResult?: FormReply;
  busy: boolean;
}) {
  const [form, fields] = useAppForm<FormValues<typeof partnerSettingsSchema>>("partner-settings", {
    lastResult,
    defaultValue: saved,
    validate: validateSettings,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="max-w-3xl space-y-4 rounded-lg border border-slate-200 p-5"
    >
      <h2 className="text-lg font-semibold text-navy-900">Status and terms</h2>
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="intent" value="settings" />
      <SelectField
        field={fields.status}
        label="Status"
        hint="Suspending hides the partner and its events from the public site and emails its members."
        options={Object.entries(PARTNER_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
      />
      <TierFields fields={fields} />
      <Button type="submit" disabled={busy}>
        Save settings
      </Button>
    </Form>
  );
}

function InviteForm({ lastResult, busy }: { lastResult?: FormReply; busy: boolean }) {
  const [form, fields] = useAppForm<FormValues<typeof inviteMemberSchema>>("invite-member", {
    lastResult,
    validate: validateInvite,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 p-5">
      <h3 className="font-semibold text-navy-900">Invite a member</h3>
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="intent" value="invite" />
      <MemberFields fields={fields} />
      <Button type="submit" disabled={busy}>
        Send invitation
      </Button>
    </Form>
  );
}

/** A removal that was refused (the person had already left) says so above the list. */
function RemoveMemberMessage({ lastResult }: { lastResult?: FormReply }) {
  const message = lastResult?.error?.[""]?.[0];
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}
