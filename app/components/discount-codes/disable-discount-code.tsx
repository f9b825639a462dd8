import { ConfirmAction } from "~/components/users/user-forms";
import { m } from "~/paraglide/messages";

/** A code's "Disable…", asked first; nothing to offer once it is disabled. */
export function DisableDiscountCode({ code }: { code: { id: string; code: string; status: string } }) {
  if (code.status === "disabled") return null;
  return (
    <ConfirmAction
      id={`disable-${code.id}`}
      intent="disable"
      label={m.discount_codes_disable_label({ code: code.code })}
      heading={m.discount_codes_disable_heading({ code: code.code })}
      question={m.discount_codes_disable_question()}
      confirmLabel={m.discount_codes_disable_confirm()}
      danger
      hidden={{ codeId: code.id }}
    />
  );
}
