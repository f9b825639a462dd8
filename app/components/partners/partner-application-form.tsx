import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { HoneypotField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { APPLICATION_HONEYPOT } from "~/lib/forms/honeypot";
import type { partnerApplicationSchema } from "~/lib/forms/partner-application-schema";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { localizedPath } from "~/lib/i18n/locale";
import { ORGANIZATION_TYPES } from "~/lib/organization-types";
import { m } from "~/paraglide/messages";

/** The partner application with its error summary; loaded as the page hydrates (routes/partners.apply.tsx). */
export function PartnerApplicationForm({ reply }: { reply: FormReply | null | undefined }) {
  const [form, fields] = useAppForm<FormValues<typeof partnerApplicationSchema>>("partner-application", {
    lastResult: reply,
  });
  const typeOptions = Object.entries(ORGANIZATION_TYPES).map(([value, label]) => ({ value, label }));
  return (
    <>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="relative mt-8 space-y-8">
        <HoneypotField name={APPLICATION_HONEYPOT} />
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-navy-900">{m.apply_your_organisation()}</legend>
          <TextField
            field={fields.organizationName}
            label={m.apply_organisation_name()}
            autoComplete="organization"
            required
          />
          <SelectField
            field={fields.organizationType}
            label={m.apply_type()}
            options={typeOptions}
            placeholder={m.apply_choose_type()}
            required
          />
          <TextField
            field={fields.location}
            label={m.apply_location()}
            placeholder={m.apply_location_placeholder()}
            required
          />
          <TextField
            field={fields.website}
            label={m.apply_website()}
            optional
            inputMode="url"
            placeholder={m.apply_website_placeholder()}
          />
          <TextAreaField
            field={fields.description}
            label={m.apply_description()}
            hint={m.apply_description_hint()}
            className="sm:col-span-2"
            required
          />
        </fieldset>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-navy-900">{m.apply_contact_person()}</legend>
          <TextField field={fields.contactName} label={m.apply_contact_name()} autoComplete="name" required />
          <TextField
            field={fields.email}
            label={m.apply_email()}
            type="email"
            autoComplete="email"
            required
          />
          <TextField field={fields.phone} label={m.apply_phone()} type="tel" optional autoComplete="tel" />
          <TextAreaField
            field={fields.message}
            label={m.apply_message()}
            hint={m.apply_message_hint()}
            className="sm:col-span-2"
            required
          />
        </fieldset>
        <SubmitButton
          size="lg"
          pending={{ formAction: localizedPath("/partners/apply") }}
          pendingLabel={m.apply_sending()}
        >
          {m.apply_submit()}
        </SubmitButton>
      </Form>
    </>
  );
}
