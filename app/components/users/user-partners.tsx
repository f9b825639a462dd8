import { href } from "react-router";
import { RecordLink } from "~/components/dashboard/record-link";
import { ListTable } from "~/components/ui/list-table";
import { formatDate } from "~/lib/dates";
import { PARTNER_STATUS_LABELS } from "~/lib/partner-status";
import type { AdminUserView, ResultOf } from "./admin-user-view";
import { ConfirmAction, LinkPartnerForm } from "./user-forms";
import { RefusalMessage } from "~/components/forms/refusal-message";
import { m } from "~/paraglide/messages";

/** The partners a person acts for, each with its "Unlink…", and the form that links another. */
export function UserPartners({
  view: { person, memberships, linkablePartners },
  name,
  resultOf,
}: {
  view: AdminUserView;
  name: string;
  resultOf: ResultOf;
}) {
  const unlinked = resultOf("unlink");
  const unlinkedFrom = String(unlinked?.initialValue?.partnerId ?? "");
  const stillListed = memberships.some((membership) => membership.partnerId === unlinkedFrom);
  return (
    <section aria-labelledby="partners" className="space-y-4">
      <h2 id="partners" className="text-lg font-semibold text-navy-900">
        {m.users_partners()}
      </h2>
      {/* A refusal about a partner no longer listed has no question left to show it in. */}
      {!stillListed && <RefusalMessage lastResult={unlinked} />}
      <ListTable
        caption={m.users_partners_caption({ name })}
        rows={memberships}
        rowKey={(membership) => membership.partnerId}
        empty={memberships.length === 0 ? m.users_partners_empty({ name }) : null}
        columns={[
          {
            label: m.users_partner(),
            cell: (membership) => (
              <RecordLink to={href("/dashboard/admin/partners/:id", { id: membership.partnerId })}>
                {membership.name}
              </RecordLink>
            ),
          },
          { label: m.users_partner_status(), cell: (membership) => PARTNER_STATUS_LABELS[membership.status] },
          { label: m.users_member_since(), cell: (membership) => formatDate(membership.since) },
          {
            label: m.users_actions(),
            cell: (membership) => (
              <ConfirmAction
                id={`unlink-${membership.partnerId}`}
                intent="unlink"
                label={
                  <>
                    {m.users_unlink()}
                    <span className="sr-only">{m.users_unlink_from_hint({ partner: membership.name })}</span>
                  </>
                }
                heading={m.users_unlink_heading({ name, partner: membership.name })}
                question={
                  memberships.length === 1 && person.role === "partner"
                    ? m.users_unlink_last_question({ name, partner: membership.name })
                    : m.users_unlink_question({ name, partner: membership.name })
                }
                confirmLabel={m.users_unlink_confirm()}
                hidden={{ partnerId: membership.partnerId }}
                lastResult={unlinkedFrom === membership.partnerId ? unlinked : undefined}
                danger
              />
            ),
          },
        ]}
      />
      <LinkPartnerForm
        personName={name}
        role={person.role}
        partners={linkablePartners}
        lastResult={resultOf("link")}
      />
    </section>
  );
}
