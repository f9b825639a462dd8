import { FormProvider, getFormProps } from "@conform-to/react";
import type { ImageRef } from "#server/db/schema";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { RichTextEditor } from "~/components/rich-text/rich-text-editor";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { EARLIEST_FOUNDED_YEAR, partnerProfileSchema } from "~/lib/forms/partner-profile-schema";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import type { PartnerProfileFormValues } from "./form-values";
import { ProfileImagesFields } from "./profile-images-fields";
import { TestimonialsField } from "./testimonials-field";
import { SectionLegend } from "./section-legend";
import { TextListField } from "./text-list-field";

const validate = validateWith(partnerProfileSchema);

const fieldsetClass = "grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 sm:p-6";

/**
 * Every field of a partner's public profile. 'Preview' and 'Save' both send the form
 * (the server checks and sanitizes either way); a preview stores nothing.
 */
export function ProfileEditorForm({
  action,
  partnerId,
  saved,
  savedImages,
  lastResult,
  busyIntent,
}: {
  /** The editor's address, with the partner it edits. */
  action: string;
  partnerId: string;
  saved: PartnerProfileFormValues;
  /** The images saved now; the upload fields keep what is chosen until the next save. */
  savedImages: { logo: ImageRef | null; cover: ImageRef | null; gallery: ImageRef[] };
  lastResult: FormReply | null | undefined;
  /** The intent being sent ("save" or "preview"), if any. */
  busyIntent: string | null;
}) {
  const [form, fields] = useAppForm<PartnerProfileFormValues>("partner-profile", {
    lastResult,
    defaultValue: saved,
    validate,
  });
  const thisYear = new Date().getFullYear();
  return (
    <FormProvider context={form.context}>
      <Form method="post" action={action} {...getFormProps(form)} className="space-y-8">
        <FormErrors form={form} className="mt-0" />

        <fieldset className={fieldsetClass}>
          <SectionLegend>About your organisation</SectionLegend>
          <TextField field={fields.name} label="Name" autoComplete="organization" required />
          <TextField field={fields.location} label="Location" hint="City or area, e.g. Copenhagen" required />
          <TextField
            field={fields.foundedYear}
            label="Founded"
            inputMode="numeric"
            hint={`A year from ${EARLIEST_FOUNDED_YEAR} to ${thisYear}`}
            optional
          />
          <TextField
            field={fields.memberships}
            label="Memberships"
            hint="For example Corporate & Individual"
            optional
          />
          <TextAreaField
            field={fields.description}
            label="Short description"
            hint="One or two sentences for partner cards and search results (up to 500 characters)"
            rows={3}
            className="sm:col-span-2"
            required
          />
          <div className="sm:col-span-2">
            <RichTextEditor
              key={`${form.id}-${fields.fullDescriptionHtml.key ?? ""}`}
              field={fields.fullDescriptionHtml}
              label="Full description"
              hint="Shown on your About tab: paragraphs, headings, bold, italic, lists and links."
            />
          </div>
        </fieldset>

        <fieldset className={fieldsetClass}>
          <SectionLegend>Contact details</SectionLegend>
          <TextField
            field={fields.address}
            label="Address"
            autoComplete="street-address"
            className="sm:col-span-2"
            optional
          />
          <TextField
            field={fields.phone}
            label="Phone"
            type="tel"
            autoComplete="tel"
            hint="For example +45 12 34 56 78"
            optional
          />
          <TextField field={fields.email} label="Email" type="email" autoComplete="email" optional />
          <TextField
            field={fields.website}
            label="Website"
            hint="Your address, e.g. yourclub.dk"
            className="sm:col-span-2"
            optional
          />
        </fieldset>

        <fieldset className={fieldsetClass}>
          <SectionLegend>Social media</SectionLegend>
          <SocialHint />
          <TextField
            field={fields.facebookUrl}
            label="Facebook"
            type="url"
            placeholder="https://www.facebook.com/yourclub"
            optional
          />
          <TextField
            field={fields.instagramUrl}
            label="Instagram"
            type="url"
            placeholder="https://www.instagram.com/yourclub"
            optional
          />
          <TextField
            field={fields.linkedinUrl}
            label="LinkedIn"
            type="url"
            placeholder="https://www.linkedin.com/company/yourclub"
            optional
          />
        </fieldset>

        <ProfileImagesFields partnerId={partnerId} saved={savedImages} fields={fields} />

        <TextListField
          form={form}
          field={fields.facilities}
          list="facilities"
          legend="Facilities"
          itemLabel="Facility"
          hint="What you have on site, e.g. boathouse, changing rooms, meeting room."
        />
        <TextListField
          form={form}
          field={fields.services}
          list="services"
          legend="Services"
          itemLabel="Service"
          hint="What you offer companies, e.g. team building, coaching, catering."
        />
        <TestimonialsField form={form} field={fields.testimonials} />

        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="save" busyIntent={busyIntent} busyLabel="Saving...">
            Save profile
          </SubmitButton>
          <SubmitButton
            intent="preview"
            busyIntent={busyIntent}
            busyLabel="Preparing preview..."
            variant="outline"
          >
            Preview
          </SubmitButton>
        </div>
      </Form>
    </FormProvider>
  );
}

function SocialHint() {
  return (
    <p className="text-sm text-slate-600 sm:col-span-2">
      Full https links to your pages; the icons show on your profile only for the links you give.
    </p>
  );
}

function SubmitButton({
  intent,
  busyIntent,
  busyLabel,
  variant,
  children,
}: {
  intent: string;
  busyIntent: string | null;
  busyLabel: string;
  variant?: "outline";
  children: ReactNode;
}) {
  return (
    <Button type="submit" name="intent" value={intent} variant={variant} disabled={busyIntent !== null}>
      {busyIntent === intent ? busyLabel : children}
    </Button>
  );
}
