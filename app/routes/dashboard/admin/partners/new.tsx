import { getFormProps } from "@conform-to/react";
import { Form, href } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { replyWithRefusal } from "#server/http/respond";
import { redirectWithToast } from "#server/http/toast";
import { createPartner } from "#server/partners/create-partner";
import { AdminPage } from "~/components/admin/admin-page";
import { MemberFields } from "~/components/admin/member-fields";
import { TierFields } from "~/components/admin/tier-fields";
import { FormErrors } from "~/components/forms/form-errors";
import { WrittenInField } from "~/components/forms/translation-fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { newPartnerSchema } from "~/lib/forms/partner-admin-schemas";
import { readSubmission } from "~/lib/forms/read-form.server";
import { useAppForm, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import type { Route } from "./+types/new";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireArea(request, context, "admin");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const { submission } = await readSubmission(request);
  try {
    const partner = await createPartner(context, { actor, input: submission.payload });
    return redirectWithToast(href("/dashboard/admin/partners/:id", { id: partner.id }), "partner-created");
  } catch (error) {
    return replyWithRefusal(submission, error);
  }
}

export const meta: Route.MetaFunction = workspacePageMeta(
  m.admin_partners_add,
  "/dashboard/admin/partners/new",
);

const validate = validateWith(newPartnerSchema);

export default function NewPartner({ actionData }: Route.ComponentProps) {
  const [form, fields] = useAppForm<FormValues<typeof newPartnerSchema>>("new-partner", {
    lastResult: actionData,
    defaultValue: { tier: "basic", language: getLocale() },
    validate,
  });
  return (
    <AdminPage title={m.admin_partners_add()} intro={m.admin_new_partner_intro()}>
      <Form method="post" {...getFormProps(form)} className="max-w-3xl space-y-8">
        <FormErrors form={form} className="mt-0" />
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-navy-900">{m.admin_new_partner_the_partner()}</legend>
          <TextField field={fields.name} label={m.admin_partner_name()} autoComplete="organization" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.location} label={m.admin_partners_city()} />
            <TextField
              field={fields.website}
              label={m.admin_new_partner_website()}
              optional
              placeholder={m.admin_new_partner_website_placeholder()}
            />
            <TextField field={fields.email} label={m.admin_new_partner_contact_email()} type="email" />
            <TextField field={fields.phone} label={m.admin_new_partner_phone()} optional type="tel" />
          </div>
          <WrittenInField field={fields.language} hint={m.admin_new_partner_language_hint()} />
          <TextAreaField
            field={fields.description}
            label={m.admin_new_partner_description()}
            hint={m.admin_new_partner_description_hint()}
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-navy-900">{m.admin_new_partner_terms()}</legend>
          <TierFields fields={fields} />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-navy-900">
            {m.admin_new_partner_first_member()}
          </legend>
          <p className="text-sm text-slate-600">{m.admin_new_partner_first_member_hint()}</p>
          <MemberFields fields={fields} />
        </fieldset>
        <SubmitButton pendingLabel={m.admin_new_partner_creating()}>
          {m.admin_new_partner_submit()}
        </SubmitButton>
      </Form>
    </AdminPage>
  );
}
