import { FormProvider, getFormProps } from "@conform-to/react";
import type { ImageRef } from "#server/db/schema";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { DescriptionPair, SaveAndPreviewButtons } from "~/components/forms/editor-parts";
import { FormSection } from "~/components/forms/form-section";
import { TextField } from "~/components/ui/form-field";
import { EARLIEST_FOUNDED_YEAR, partnerProfileSchema } from "~/lib/forms/partner-profile-schema";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import type { PartnerProfileFormValues, ProfileForm } from "./form-values";
import { ProfileImagesFields } from "./profile-images-fields";
import { TestimonialsField } from "./testimonials-field";
import { TextListField } from "./text-list-field";

const validate = validateWith(partnerProfileSchema);

type ProfileFields = ReturnType<ProfileForm["getFieldset"]>;

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
}: {
  /** The editor's address, with the partner it edits. */
  action: string;
  partnerId: string;
  saved: PartnerProfileFormValues;
  /** The images saved now; the upload fields keep what is chosen until the next save. */
  savedImages: { logo: ImageRef | null; cover: ImageRef | null; gallery: ImageRef[] };
  lastResult: FormReply | null | undefined;
}) {
  const [form, fields] = useAppForm<PartnerProfileFormValues>("partner-profile", {
    lastResult,
    defaultValue: saved,
    validate,
  });
  return (
    <FormProvider context={form.context}>
      <Form method="post" action={action} {...getFormProps(form)} className="space-y-8">
        <FormErrors form={form} className="mt-0" />

        <AboutFields form={form} fields={fields} />

        <ContactFields fields={fields} />

        <SocialFields fields={fields} />

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

        <SaveAndPreviewButtons
          action={action}
          saveLabel="Save profile"
          previewLabel="Preview"
          previewPendingLabel="Preparing preview..."
        />
      </Form>
    </FormProvider>
  );
}

/** The organisation's name, place, history and descriptions. */
function AboutFields({ form, fields }: { form: ProfileForm; fields: ProfileFields }) {
  const thisYear = new Date().getFullYear();
  return (
    <FormSection legend="About your organisation">
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
      <DescriptionPair
        formId={form.id}
        short={fields.description}
        shortHint="One or two sentences for partner cards and search results (up to 500 characters)"
        full={fields.fullDescriptionHtml}
        fullLabel="Full description"
        fullHint="Shown on your About tab: paragraphs, headings, bold, italic, lists and links."
      />
    </FormSection>
  );
}

/** How companies reach the partner. */
function ContactFields({ fields }: { fields: ProfileFields }) {
  return (
    <FormSection legend="Contact details">
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
    </FormSection>
  );
}

/** The partner's pages on social media. */
function SocialFields({ fields }: { fields: ProfileFields }) {
  return (
    <FormSection legend="Social media">
      <p className="text-sm text-slate-600 sm:col-span-2">
        Full https links to your pages; the icons show on your profile only for the links you give.
      </p>
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
    </FormSection>
  );
}
