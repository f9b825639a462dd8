import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, href } from "react-router";
import type * as z from "zod/mini";
import { FormErrors } from "~/components/forms/form-errors";
import { SectionLegend } from "~/components/forms/form-section";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { siteSettingsSchema } from "~/lib/forms/site-settings-schema";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";

const validateSettings = validateWith(siteSettingsSchema);

type SiteSettingsValues = FormValues<typeof siteSettingsSchema>;

/** The stored settings as the form's fields hold them (an empty link as ""). */
type SavedSettings = Record<keyof z.input<typeof siteSettingsSchema>, string>;

function Group({ legend, hint, children }: { legend: string; hint: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-5">
      <SectionLegend plain>{legend}</SectionLegend>
      <p className="text-sm text-slate-600">{hint}</p>
      {children}
    </fieldset>
  );
}

/** Every site setting in one form; the saved values are its defaults, typed values survive a refusal. */
export function SiteSettingsForm({ saved, lastResult }: { saved: SavedSettings; lastResult?: FormReply }) {
  const [form, fields] = useAppForm<SiteSettingsValues>("site-settings", {
    lastResult,
    defaultValue: saved,
    validate: validateSettings,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-3xl space-y-6">
      <FormErrors form={form} className="mt-0" />
      <Group
        legend="Company and contact details"
        hint="Shown in the footer of every page, on the contact page and in the terms and privacy notice."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.contactEmail}
            label="Contact email"
            type="email"
            autoComplete="off"
            required
          />
          <TextField
            field={fields.contactPhone}
            label="Contact phone"
            type="tel"
            autoComplete="off"
            required
          />
          <TextField field={fields.addressLine} label="Address" className="sm:col-span-2" required />
          <TextField field={fields.postalCode} label="Postal code" inputMode="numeric" required />
          <TextField field={fields.city} label="City" required />
          <TextField
            field={fields.companyRegistrationNumber}
            label="CVR number"
            hint="The company's 8-digit registration number."
            inputMode="numeric"
            required
          />
        </div>
      </Group>
      <Group
        legend="Social media"
        hint="The footer shows an icon for each link. Leave a field empty to show none."
      >
        <TextField field={fields.facebookUrl} label="Facebook page" type="url" optional />
        <TextField field={fields.instagramUrl} label="Instagram page" type="url" optional />
        <TextField field={fields.linkedinUrl} label="LinkedIn page" type="url" optional />
      </Group>
      <Group
        legend="Bookings and messages"
        hint="What events fall back on, and where messages from the site are delivered."
      >
        <TextAreaField
          field={fields.defaultCancellationTerms}
          label="Default cancellation terms"
          hint="Shown on every event whose partner has not written terms of its own."
          rows={6}
          required
        />
        <TextField
          field={fields.contactInboxEmail}
          label="Contact inbox"
          type="email"
          hint="Receives contact-form messages, partner applications and inquiries to partners without an email address. It is not shown on the site."
          autoComplete="off"
          required
        />
      </Group>
      <SubmitButton pending={{ formAction: href("/dashboard/admin/settings") }} pendingLabel="Saving...">
        Save settings
      </SubmitButton>
    </Form>
  );
}
