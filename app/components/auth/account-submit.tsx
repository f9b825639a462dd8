import type { ReactNode } from "react";
import { SubmitButton } from "~/components/ui/submit-button";
import { localizedPath } from "~/lib/i18n/locale";

/**
 * The account forms' one button (sign in, sign up, the password links): large and as wide
 * as the form, disabled and saying `pendingLabel` while the form's post to `action` is sent.
 * `action` is the English path; the page posts to it in its own language (`/da/login`).
 */
export function AccountSubmit({
  action,
  pendingLabel,
  children,
}: {
  action: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <SubmitButton
      size="lg"
      className="w-full"
      pending={{ formAction: localizedPath(action) }}
      pendingLabel={pendingLabel}
    >
      {children}
    </SubmitButton>
  );
}
