import type { AdminUserView, ResultOf } from "./admin-user-view";
import { ConfirmAction, DeleteUserForm } from "./user-forms";
import { RecordSection } from "~/components/dashboard/record-section";
import { RefusalMessage } from "~/components/forms/refusal-message";
import { m } from "~/paraglide/messages";

/** Resending the verification link, disabling or re-enabling, and deleting: each asked first. */
export function AccountActions({
  person,
  name,
  isSelf,
  resultOf,
}: {
  person: AdminUserView["person"];
  name: string;
  isSelf: boolean;
  resultOf: ResultOf;
}) {
  const disabled = person.disabledAt !== null;
  const offered = [
    !person.emailVerified && "resend-verification",
    disabled ? "enable" : !isSelf && "disable",
  ].filter((intent) => typeof intent === "string");
  // A refusal whose question is no longer offered (the address got verified meanwhile) shows here.
  const orphan = resultOf(
    ...["resend-verification", "enable", "disable"].filter((i) => !offered.includes(i)),
  );
  return (
    <RecordSection id="account-actions" title={m.users_sign_in_and_deletion()} className="space-y-4">
      <RefusalMessage lastResult={orphan} />
      {isSelf ? <p className="text-sm text-slate-600">{m.users_own_account()}</p> : null}
      <div className="flex flex-wrap items-start gap-3">
        {!person.emailVerified && (
          <ConfirmAction
            intent="resend-verification"
            label={m.users_resend_label()}
            heading={m.users_resend_heading()}
            question={m.users_resend_question({ email: person.email })}
            confirmLabel={m.users_resend_confirm()}
            lastResult={resultOf("resend-verification")}
          />
        )}
        {disabled ? (
          <ConfirmAction
            intent="enable"
            label={m.users_enable_label()}
            heading={m.users_enable_heading({ name })}
            question={m.users_enable_question({ name })}
            confirmLabel={m.users_enable_confirm()}
            lastResult={resultOf("enable")}
          />
        ) : (
          !isSelf && (
            <ConfirmAction
              intent="disable"
              label={m.users_disable_label()}
              heading={m.users_disable_heading({ name })}
              question={m.users_disable_question({ name })}
              confirmLabel={m.users_disable_confirm()}
              lastResult={resultOf("disable")}
              danger
            />
          )
        )}
        {!isSelf && (
          <ConfirmAction
            intent="delete"
            label={m.users_delete_label()}
            heading={m.users_delete_heading({ name })}
            question={m.users_delete_question()}
            confirmLabel={m.users_delete_confirm()}
            lastResult={resultOf("delete")}
            danger
          >
            {(keep) => <DeleteUserForm email={person.email} lastResult={resultOf("delete")} keep={keep} />}
          </ConfirmAction>
        )}
      </div>
    </RecordSection>
  );
}
