import { Badge } from "~/components/ui/badge";

/** Whether a person can sign in: active, or disabled by an admin. */
export function AccountStatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <Badge variant="neutral" className="bg-red-100 text-red-800">
      Disabled
    </Badge>
  ) : (
    <Badge variant="teal">Active</Badge>
  );
}
