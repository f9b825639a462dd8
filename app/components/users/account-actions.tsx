import type { AdminUserView, ResultOf } from "./admin-user-view";
import { ConfirmAction, DeleteUserForm } from "./user-forms";
import { RecordSection } from "~/components/dashboard/record-section";
import { RefusalMessage } from "~/components/forms/refusal-message";

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
    <RecordSection id="account-actions" title="Sign-in and deletion" className="space-y-4">
      <RefusalMessage lastResult={orphan} />
      {isSelf ? (
        <p className="text-sm text-slate-600">
          This is your own account. You cannot disable or delete it here; your profile page deletes it.
        </p>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        {!person.emailVerified && (
          <ConfirmAction
            intent="resend-verification"
            label="Resend verification email…"
            heading="Resend the verification email?"
            question={`Email ${person.email} a new link to verify the address? The link works for 24 hours.`}
            confirmLabel="Send the link"
            lastResult={resultOf("resend-verification")}
          />
        )}
        {disabled ? (
          <ConfirmAction
            intent="enable"
            label="Re-enable account…"
            heading={`Re-enable the account of ${name}?`}
            question={`${name} will be able to sign in again.`}
            confirmLabel="Yes, re-enable"
            lastResult={resultOf("enable")}
          />
        ) : (
          !isSelf && (
            <ConfirmAction
              intent="disable"
              label="Disable account…"
              heading={`Disable the account of ${name}?`}
              question={`${name} is signed out everywhere now and cannot sign in until the account is re-enabled. Nothing in the account is deleted.`}
              confirmLabel="Yes, disable the account"
              lastResult={resultOf("disable")}
              danger
            />
          )
        )}
        {!isSelf && (
          <ConfirmAction
            intent="delete"
            label="Delete account…"
            heading={`Delete the account of ${name}?`}
            question="This deletes the account, its profile, partner memberships and team registrations for good. It cannot be undone. Disable the account instead to keep its data."
            confirmLabel="Delete the account"
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
