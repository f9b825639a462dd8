import { href } from "react-router";
import { RecordLink } from "~/components/dashboard/record-link";
import { ListTable } from "~/components/ui/list-table";
import { formatDate } from "~/lib/dates";
import { PARTNER_STATUS_LABELS } from "~/lib/partner-status";
import type { AdminUserView, ResultOf } from "./admin-user-view";
import { ConfirmAction, LinkPartnerForm } from "./user-forms";
import { RefusalMessage } from "~/components/forms/refusal-message";

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
        Partners
      </h2>
      {/* A refusal about a partner no longer listed has no question left to show it in. */}
      {!stillListed && <RefusalMessage lastResult={unlinked} />}
      <ListTable
        caption={`Partners ${name} acts for`}
        rows={memberships}
        rowKey={(membership) => membership.partnerId}
        empty={memberships.length === 0 ? `${name} does not act for any partner.` : null}
        columns={[
          {
            label: "Partner",
            cell: (membership) => (
              <RecordLink to={href("/dashboard/admin/partners/:id", { id: membership.partnerId })}>
                {membership.name}
              </RecordLink>
            ),
          },
          { label: "Partner status", cell: (membership) => PARTNER_STATUS_LABELS[membership.status] },
          { label: "Member since", cell: (membership) => formatDate(membership.since) },
          {
            label: "Actions",
            cell: (membership) => (
              <ConfirmAction
                id={`unlink-${membership.partnerId}`}
                intent="unlink"
                label={
                  <>
                    Unlink<span className="sr-only"> from {membership.name}</span>
                  </>
                }
                heading={`Unlink ${name} from ${membership.name}?`}
                question={
                  memberships.length === 1 && person.role === "partner"
                    ? `${name} will no longer act for ${membership.name}, and becomes a user, as it is their only partner.`
                    : `${name} will no longer act for ${membership.name}.`
                }
                confirmLabel="Yes, unlink"
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
