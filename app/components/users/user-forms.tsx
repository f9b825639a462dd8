import { getFormProps } from "@conform-to/react";
import { useMemo, type ReactNode } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { AdminFormCard } from "~/components/admin/admin-form-card";
import { RefusalMessage } from "~/components/forms/refusal-message";
import { useConfirmStep } from "~/components/ui/confirm-step";
import { optionsOf } from "~/components/ui/filter-select";
import { SelectField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import type { Role } from "~/lib/roles";
import {
  changeRoleSchema,
  deleteUserSchema,
  partnerChoiceSchema,
  ROLE_LABELS,
} from "~/lib/forms/user-admin-schemas";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";

/**
 * An account action asked first (`useConfirmStep`): with JavaScript its link opens the
 * question in a dialog, without it opens this page at `?confirm=…` with the question in
 * place, where a refusal comes back with its message.
 */
export function ConfirmAction({
  id,
  intent,
  label,
  heading,
  question,
  confirmLabel,
  danger = false,
  hidden,
  lastResult,
  children,
}: {
  /** Tells this question from others of the same intent (one unlink per partner). */
  id?: string;
  intent: string;
  label: ReactNode;
  heading: string;
  question: string;
  confirmLabel: string;
  danger?: boolean;
  /** Fields the form sends with its intent. */
  hidden?: Record<string, string>;
  lastResult?: FormReply;
  /** Fields of the question's own (the email address typed to confirm a deletion). */
  children?: (keep: ReactNode) => ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const key = id ?? intent;
  const { link, question: asked } = useConfirmStep({
    id: `confirm-${key}`,
    askHref: `?confirm=${key}#confirm-${key}`,
    backHref: pathname,
    asked: searchParams.get("confirm") === key,
    lastResult,
    label,
    heading,
    consequence: question,
    keepLabel: m.review_go_back(),
    danger,
    renderForm: (keep) =>
      children ? (
        children(keep)
      ) : (
        <Form method="post" className="space-y-3">
          <RefusalMessage lastResult={lastResult} />
          {Object.entries(hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="intent" value={intent} variant={danger ? "destructive" : "default"}>
              {confirmLabel}
            </SubmitButton>
            {keep}
          </div>
        </Form>
      ),
  });
  return asked ?? link;
}

export function RoleForm({ role, lastResult }: { role: Role; lastResult?: FormReply }) {
  return (
    <AdminFormCard
      intent="role"
      title={m.users_role()}
      schema={changeRoleSchema}
      defaultValue={{ role }}
      lastResult={lastResult}
    >
      {(fields) => (
        <>
          <SelectField
            field={fields.role}
            label={m.users_role()}
            hint={m.users_role_hint()}
            options={optionsOf(ROLE_LABELS)}
            className="max-w-xs"
          />
          <SubmitButton>{m.users_change_role()}</SubmitButton>
        </>
      )}
    </AdminFormCard>
  );
}

export function LinkPartnerForm({
  personName,
  role,
  partners,
  lastResult,
}: {
  personName: string;
  role: Role;
  partners: { id: string; name: string }[];
  lastResult?: FormReply;
}) {
  if (partners.length === 0) {
    return <p className="text-sm text-slate-600">{m.users_acts_for_every_partner({ name: personName })}</p>;
  }
  const consequence =
    role === "user"
      ? m.users_link_makes_partner({ name: personName })
      : role === "admin"
        ? m.users_stays_admin({ name: personName })
        : undefined;
  return (
    <AdminFormCard
      intent="link"
      title={m.users_link_title()}
      level={3}
      schema={partnerChoiceSchema}
      lastResult={lastResult}
    >
      {(fields) => (
        <>
          <SelectField
            field={fields.partnerId}
            label={m.users_partner()}
            placeholder={m.users_choose_partner()}
            hint={[consequence, m.users_link_emailed()].filter(Boolean).join(" ")}
            options={partners.map((partner) => ({ value: partner.id, label: partner.name }))}
            className="max-w-md"
          />
          <SubmitButton>{m.users_link_submit()}</SubmitButton>
        </>
      )}
    </AdminFormCard>
  );
}

/** Deleting is confirmed by typing the account's email address, as the person's own deletion is. */
export function DeleteUserForm({
  email,
  lastResult,
  keep,
}: {
  email: string;
  lastResult?: FormReply;
  keep: ReactNode;
}) {
  const validate = useMemo(() => validateWith(deleteUserSchema(email)), [email]);
  const [form, fields] = useAppForm<{ confirmEmail: string }>("delete-user", { lastResult, validate });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="intent" value="delete" />
      <TextField
        field={fields.confirmEmail}
        label={m.users_type_to_confirm({ email })}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton variant="destructive" pending={{ intent: "delete" }}>
          {m.users_delete_confirm()}
        </SubmitButton>
        {keep}
      </div>
    </Form>
  );
}
