import { Badge } from "~/components/ui/badge";
import { m } from "~/paraglide/messages";

/** Whether a person can sign in: active, or disabled by an admin. */
export function AccountStatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <Badge variant="danger">{m.users_status_disabled()}</Badge>
  ) : (
    <Badge variant="teal">{m.users_status_active()}</Badge>
  );
}
