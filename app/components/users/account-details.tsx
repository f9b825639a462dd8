import { DateTime } from "~/components/dashboard/record-page";
import { FactList, RecordSection } from "~/components/dashboard/record-section";
import { formatDate } from "~/lib/dates";
import { ROLE_LABELS } from "~/lib/forms/user-admin-schemas";
import { AccountStatusBadge } from "./account-status";
import type { AdminUserView } from "./admin-user-view";

/** The person's account as the admin sees it: name, email, role, verification, status. */
export function AccountDetails({ person, name }: { person: AdminUserView["person"]; name: string }) {
  return (
    <RecordSection id="person-details" title="Account">
      <FactList
        facts={[
          ["Name", name],
          ["Email", person.email],
          ["Company", person.company ?? "Not given"],
          ["Role", ROLE_LABELS[person.role]],
          ["Verified", person.emailVerified ? "Yes" : "No, the email address is not verified yet"],
          [
            "Status",
            <span key="status" className="flex flex-wrap items-center gap-2">
              <AccountStatusBadge disabled={person.disabledAt !== null} />
              {person.disabledAt && (
                <span>
                  since <DateTime value={person.disabledAt} />
                </span>
              )}
            </span>,
          ],
          [
            "Joined",
            <time key="joined" dateTime={person.joinedAt.toISOString()}>
              {formatDate(person.joinedAt)}
            </time>,
          ],
        ]}
      />
    </RecordSection>
  );
}
