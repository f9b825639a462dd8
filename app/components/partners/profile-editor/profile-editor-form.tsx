import { FormProvider, getFormProps } from "@conform-to/react";
import type { ImageRef } from "#server/db/schema";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { DescriptionPair, SaveAndPreviewButtons } from "~/components/forms/editor-parts";
import { FormSection } from "~/components/forms/form-section";
import {
  rowTexts,
  TranslationStatus,
  WrittenInField,
  WrittenLanguagesProvider,
  writtenLanguages,
  type TranslatedText,
} from "~/components/forms/translation-fields";
import { TextField } from "~/components/ui/form-field";
import { EARLIEST_FOUNDED_YEAR, partnerProfileSchema } from "~/lib/forms/partner-profile-schema";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";
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
      <WrittenLanguagesProvider languages={writtenLanguages(fields.language)}>
        <Form method="post" action={action} {...getFormProps(form)} className="space-y-8">
          <FormErrors form={form} className="mt-0" />
          <TranslationStatus id={`${form.id}-languages`} texts={profileTexts(fields)} />

          <AboutFields form={form} fields={fields} />

          <ContactFields fields={fields} />

          <SocialFields fields={fields} />

          <ProfileImagesFields partnerId={partnerId} saved={savedImages} fields={fields} />

          <TextListField
            form={form}
            field={fields.facilities}
            list="facilities"
            legend={m.partner_page_edit_facilities()}
            itemLabel={m.partner_page_edit_facility()}
            hint={m.partner_page_edit_facilities_hint()}
          />
          <TextListField
            form={form}
            field={fields.services}
            list="services"
            legend={m.partner_page_edit_services()}
            itemLabel={m.partner_page_edit_service()}
            hint={m.partner_page_edit_services_hint()}
          />
          <TestimonialsField form={form} field={fields.testimonials} />

          <SaveAndPreviewButtons
            action={action}
            saveLabel={m.partner_page_edit_save()}
            previewLabel={m.partner_page_edit_preview()}
            previewPendingLabel={m.partner_page_edit_preparing_preview()}
          />
        </Form>
      </WrittenLanguagesProvider>
    </FormProvider>
  );
}

/** The organisation's name, place, history and descriptions. */
function AboutFields({ form, fields }: { form: ProfileForm; fields: ProfileFields }) {
  const thisYear = new Date().getFullYear();
  return (
    <FormSection legend={m.partner_page_edit_about()}>
      <WrittenInField field={fields.language} hint={m.partner_page_edit_written_in_hint()} />
      <TextField
        field={fields.name}
        label={m.partner_page_edit_name()}
        autoComplete="organization"
        required
      />
      <TextField
        field={fields.location}
        label={m.partner_page_edit_location()}
        hint={m.partner_page_edit_location_hint()}
        required
      />
      <TextField
        field={fields.foundedYear}
        label={m.partner_page_edit_founded()}
        inputMode="numeric"
        hint={m.partner_page_edit_founded_hint({ from: EARLIEST_FOUNDED_YEAR, to: thisYear })}
        optional
      />
      <TextField
        field={fields.memberships}
        label={m.partner_page_edit_memberships()}
        hint={m.partner_page_edit_memberships_hint()}
        optional
      />
      <DescriptionPair
        formId={form.id}
        short={fields.description}
        shortTranslation={fields.descriptionTranslation}
        shortHint={m.partner_page_edit_short_hint()}
        full={fields.fullDescriptionHtml}
        fullTranslation={fields.fullDescriptionHtmlTranslation}
        fullLabel={m.partner_page_edit_full_description()}
        fullHint={m.partner_page_edit_full_hint()}
      />
    </FormSection>
  );
}

/** How companies reach the partner. */
function ContactFields({ fields }: { fields: ProfileFields }) {
  return (
    <FormSection legend={m.partner_page_edit_contact()}>
      <TextField
        field={fields.address}
        label={m.partner_page_edit_address()}
        autoComplete="street-address"
        className="sm:col-span-2"
        optional
      />
      <TextField
        field={fields.phone}
        label={m.partner_page_edit_phone()}
        type="tel"
        autoComplete="tel"
        hint={m.partner_page_edit_phone_hint()}
        optional
      />
      <TextField
        field={fields.email}
        label={m.partner_page_edit_email()}
        type="email"
        autoComplete="email"
        optional
      />
      <TextField
        field={fields.website}
        label={m.partner_page_edit_website()}
        hint={m.partner_page_edit_website_hint()}
        className="sm:col-span-2"
        optional
      />
    </FormSection>
  );
}

/** The partner's pages on social media. */
function SocialFields({ fields }: { fields: ProfileFields }) {
  return (
    <FormSection legend={m.partner_page_edit_social()}>
      <p className="text-sm text-slate-600 sm:col-span-2">{m.partner_page_edit_social_intro()}</p>
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

/** The profile's texts, for its translation status. */
function profileTexts(fields: ProfileFields): TranslatedText[] {
  const alts = (images: unknown) =>
    rowTexts(Array.isArray(images) ? images : images ? [images] : [], ["alt"]);
  return [
    {
      label: m.form_short_description(),
      main: fields.description.value,
      translation: fields.descriptionTranslation.value,
    },
    {
      label: m.partner_page_edit_full_description(),
      main: fields.fullDescriptionHtml.value,
      translation: fields.fullDescriptionHtmlTranslation.value,
    },
    { label: m.partner_page_edit_facilities(), ...rowTexts(fields.facilities.value, ["text"]) },
    { label: m.partner_page_edit_services(), ...rowTexts(fields.services.value, ["text"]) },
    {
      label: m.partner_page_edit_testimonials(),
      ...rowTexts(fields.testimonials.value, ["position", "comment"]),
    },
    { label: m.partner_page_edit_logo(), ...alts(fields.logo.value) },
    { label: m.partner_page_edit_cover(), ...alts(fields.cover.value) },
    { label: m.partner_page_edit_gallery(), ...alts(fields.gallery.value) },
  ];
}
