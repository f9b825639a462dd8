import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, href } from "react-router";
import type * as z from "zod/mini";
import { PaymentFields } from "~/components/billing/payment-fields";
import { FormErrors } from "~/components/forms/form-errors";
import { labelIn } from "~/components/forms/translation-fields";
import { SectionLegend } from "~/components/forms/form-section";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { siteSettingsSchema } from "~/lib/forms/site-settings-schema";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";

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
      <Group legend={m.settings_company_legend()} hint={m.settings_company_hint()}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.contactEmail}
            label={m.settings_contact_email()}
            type="email"
            autoComplete="off"
            required
          />
          <TextField
            field={fields.contactPhone}
            label={m.settings_contact_phone()}
            type="tel"
            autoComplete="off"
            required
          />
          <TextField
            field={fields.addressLine}
            label={m.settings_address()}
            className="sm:col-span-2"
            required
          />
          <TextField
            field={fields.postalCode}
            label={m.settings_postal_code()}
            inputMode="numeric"
            required
          />
          <TextField field={fields.city} label={m.settings_city()} required />
          <TextField
            field={fields.companyRegistrationNumber}
            label={m.settings_cvr()}
            hint={m.settings_cvr_hint()}
            inputMode="numeric"
            required
          />
        </div>
      </Group>
      <Group legend={m.billing_settings_legend()} hint={m.billing_settings_hint()}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.legalName}
            label={m.billing_legal_name()}
            hint={m.billing_legal_name_hint()}
            autoComplete="off"
            className="sm:col-span-2"
            required
          />
          <PaymentFields fields={fields} />
        </div>
      </Group>
      <Group legend={m.settings_social_legend()} hint={m.settings_social_hint()}>
        <TextField field={fields.facebookUrl} label={m.settings_facebook()} type="url" optional />
        <TextField field={fields.instagramUrl} label={m.settings_instagram()} type="url" optional />
        <TextField field={fields.linkedinUrl} label={m.settings_linkedin()} type="url" optional />
      </Group>
      <Group legend={m.settings_bookings_legend()} hint={m.settings_bookings_hint()}>
        <TextAreaField
          field={fields.defaultCancellationTerms}
          label={labelIn(m.settings_cancellation_terms(), "en")}
          hint={m.settings_cancellation_terms_hint()}
          rows={6}
          lang="en"
          required
        />
        <TextAreaField
          field={fields.defaultCancellationTermsDa}
          label={labelIn(m.settings_cancellation_terms(), "da")}
          rows={6}
          lang="da"
          required
        />
        <TextField
          field={fields.contactInboxEmail}
          label={m.settings_contact_inbox()}
          type="email"
          hint={m.settings_contact_inbox_hint()}
          autoComplete="off"
          required
        />
      </Group>
      <SubmitButton
        pending={{ formAction: href("/dashboard/admin/settings") }}
        pendingLabel={m.settings_saving()}
      >
        {m.settings_save()}
      </SubmitButton>
    </Form>
  );
}
