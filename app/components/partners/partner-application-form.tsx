import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { HoneypotField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { APPLICATION_HONEYPOT } from "~/lib/forms/honeypot";
import type { partnerApplicationSchema } from "~/lib/forms/partner-application-schema";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { ORGANIZATION_TYPES } from "~/lib/organization-types";

const typeOptions = Object.entries(ORGANIZATION_TYPES).map(([value, label]) => ({ value, label }));

/** The partner application with its error summary; loaded as the page hydrates (routes/partners.apply.tsx). */
export function PartnerApplicationForm({ reply }: { reply: FormReply | null | undefined }) {
  const [form, fields] = useAppForm<FormValues<typeof partnerApplicationSchema>>("partner-application", {
    lastResult: reply,
  });
  return (
    <>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="relative mt-8 space-y-8">
        <HoneypotField name={APPLICATION_HONEYPOT} />
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-navy-900">Your organisation</legend>
          <TextField
            field={fields.organizationName}
            label="Organisation name"
            autoComplete="organization"
            required
          />
          <SelectField
            field={fields.organizationType}
            label="Type"
            options={typeOptions}
            placeholder="Choose a type"
            required
          />
          <TextField field={fields.location} label="Location" placeholder="City, country" required />
          <TextField
            field={fields.website}
            label="Website"
            optional
            inputMode="url"
            placeholder="yourclub.dk"
          />
          <TextAreaField
            field={fields.description}
            label="Description"
            hint="What you offer companies: programmes, facilities, capacity."
            className="sm:col-span-2"
            required
          />
        </fieldset>
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-navy-900">Contact person</legend>
          <TextField field={fields.contactName} label="Contact name" autoComplete="name" required />
          <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
          <TextField field={fields.phone} label="Phone" type="tel" optional autoComplete="tel" />
          <TextAreaField
            field={fields.message}
            label="Message"
            hint="Why you want to partner with RCL, and anything we should know."
            className="sm:col-span-2"
            required
          />
        </fieldset>
        <SubmitButton
          size="lg"
          pending={{ formAction: "/partners/apply" }}
          pendingLabel="Sending application..."
        >
          Submit application
        </SubmitButton>
      </Form>
    </>
  );
}
