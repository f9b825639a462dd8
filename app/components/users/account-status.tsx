import { Badge } from "~/components/ui/badge";

/** Whether a person can sign in: active, or disabled by an admin. */
export function AccountStatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? <Badge variant="danger">Disabled</Badge> : <Badge variant="teal">Active</Badge>;
}
