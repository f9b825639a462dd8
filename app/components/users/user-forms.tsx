import { getFormProps } from "@conform-to/react";
import { useMemo, type ReactNode } from "react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Button, buttonVariants } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/form-field";
import type { Role } from "~/lib/roles";
import {
  changeRoleSchema,
  deleteUserSchema,
  partnerChoiceSchema,
  ROLE_LABELS,
} from "~/lib/forms/user-admin-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { cn } from "~/lib/utils";

const validateRole = validateWith(changeRoleSchema);
const validatePartner = validateWith(partnerChoiceSchema);

/** The message of a refused form that has no field of its own (an unlink, a disable). */
export function RefusalMessage({ lastResult }: { lastResult?: FormReply }) {
  const message = lastResult?.error?.[""]?.[0];
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}

/**
 * A step that asks before it acts: the button opens the question and the form that
 * confirms it. `<details>` keeps it keyboard-operable and working without JavaScript.
 */
export function ConfirmStep({
  label,
  question,
  confirmLabel,
  intent,
  busy,
  danger = false,
  open = false,
  hidden,
}: {
  label: ReactNode;
  question: ReactNode;
  confirmLabel: string;
  intent: string;
  busy: boolean;
  danger?: boolean;
  /** Opened on arrival, when the last try was refused. */
  open?: boolean;
  /** Fields the form sends with its intent. */
  hidden?: Record<string, string>;
}) {
  return (
    <details className="group" open={open}>
      <summary
        className={buttonVariants({
          variant: danger ? "outline-destructive" : "outline",
          size: "sm",
          className: "cursor-pointer",
        })}
      >
        {label}
      </summary>
      <Form
        method="post"
        className={cn(
          "mt-2 max-w-md space-y-2 rounded-md border p-3",
          danger ? "border-red-200 bg-red-50" : "border-slate-200 bg-slate-50",
        )}
      >
        <div className={cn("text-sm", danger ? "text-red-900" : "text-slate-700")}>{question}</div>
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button
          type="submit"
          name="intent"
          value={intent}
          size="sm"
          variant={danger ? "destructive" : "default"}
          disabled={busy}
        >
          {confirmLabel}
        </Button>
      </Form>
    </details>
  );
}

export function RoleForm({ role, lastResult, busy }: { role: Role; lastResult?: FormReply; busy: boolean }) {
  const [form, fields] = useAppForm<FormValues<typeof changeRoleSchema>>("change-role", {
    lastResult,
    defaultValue: { role },
    validate: validateRole,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-lg border border-slate-200 p-5">
      <h2 className="text-lg font-semibold text-navy-900">Role</h2>
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="intent" value="role" />
      <SelectField
        field={fields.role}
        label="Role"
        hint="A partner acts only for the partners linked below. An admin manages the whole site; RCL always keeps one active admin."
        options={Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label }))}
        className="max-w-xs"
      />
      <Button type="submit" disabled={busy}>
        Change role
      </Button>
    </Form>
  );
}

export function LinkPartnerForm({
  personName,
  role,
  partners,
  lastResult,
  busy,
}: {
  personName: string;
  role: Role;
  partners: { id: string; name: string }[];
  lastResult?: FormReply;
  busy: boolean;
}) {
  const [form, fields] = useAppForm<FormValues<typeof partnerChoiceSchema>>("link-partner", {
    lastResult,
    validate: validatePartner,
  });
  if (partners.length === 0) {
    return <p className="text-sm text-slate-600">{personName} already acts for every partner.</p>;
  }
  const consequence =
    role === "user"
      ? `${personName} is a user now: linking makes them a partner in the same step.`
      : role === "admin"
        ? `${personName} stays an admin.`
        : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-lg border border-slate-200 p-5">
      <h3 className="font-semibold text-navy-900">Link to a partner</h3>
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="intent" value="link" />
      <SelectField
        field={fields.partnerId}
        label="Partner"
        placeholder="Choose a partner"
        hint={[consequence, "They are emailed that they can now manage the partner."]
          .filter(Boolean)
          .join(" ")}
        options={partners.map((partner) => ({ value: partner.id, label: partner.name }))}
        className="max-w-md"
      />
      <Button type="submit" disabled={busy}>
        Link to partner
      </Button>
    </Form>
  );
}

/** Deleting is confirmed by typing the account's email address, as the person's own deletion is. */
export function DeleteUserForm({
  email,
  lastResult,
  busy,
}: {
  email: string;
  lastResult?: FormReply;
  busy: boolean;
}) {
  const validate = useMemo(() => validateWith(deleteUserSchema(email)), [email]);
  const [form, fields] = useAppForm<{ confirmEmail: string }>("delete-user", { lastResult, validate });
  return (
    <details className="group" open={Boolean(lastResult)}>
      <summary
        className={buttonVariants({
          variant: "outline-destructive",
          size: "sm",
          className: "cursor-pointer",
        })}
      >
        Delete account…
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-2 max-w-md space-y-3 rounded-md border border-red-200 bg-red-50 p-3"
      >
        <FormErrors form={form} className="mt-0" />
        <p className="text-sm text-red-900">
          This deletes the account, its profile, partner memberships and team registrations for good. It
          cannot be undone. Disable the account instead to keep its data.
        </p>
        <input type="hidden" name="intent" value="delete" />
        <TextField
          field={fields.confirmEmail}
          label={`Type ${email} to confirm`}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" variant="destructive" disabled={busy}>
          Delete the account
        </Button>
      </Form>
    </details>
  );
}
