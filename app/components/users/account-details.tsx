import { DateTime } from "~/components/dashboard/record-page";
import { FactList, RecordSection } from "~/components/dashboard/record-section";
import { formatDate } from "~/lib/dates";
import { ROLE_LABELS } from "~/lib/forms/user-admin-schemas";
import { AccountStatusBadge } from "./account-status";
import type { AdminUserView } from "./admin-user-view";
import { m } from "~/paraglide/messages";

/** The person's account as the admin sees it: name, email, role, verification, status. */
export function AccountDetails({ person, name }: { person: AdminUserView["person"]; name: string }) {
  return (
    <RecordSection id="person-details" title={m.users_account()}>
      <FactList
        facts={[
          [m.users_name(), name],
          [m.users_email(), person.email],
          [m.users_company(), person.company ?? m.users_not_given()],
          [m.users_role(), ROLE_LABELS[person.role]],
          [m.users_verified(), person.emailVerified ? m.users_yes() : m.users_not_verified()],
          [
            m.users_status(),
            <span key="status" className="flex flex-wrap items-center gap-2">
              <AccountStatusBadge disabled={person.disabledAt !== null} />
              {person.disabledAt && (
                <span>
                  {m.users_since()} <DateTime value={person.disabledAt} />
                </span>
              )}
            </span>,
          ],
          [
            m.users_joined(),
            <time key="joined" dateTime={person.joinedAt.toISOString()}>
              {formatDate(person.joinedAt)}
            </time>,
          ],
        ]}
      />
    </RecordSection>
  );
}
