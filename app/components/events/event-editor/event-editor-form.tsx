import { FormProvider, getFormProps } from "@conform-to/react";
import type { ImageRef } from "#server/db/schema";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { ImageUploadField } from "~/components/images/image-upload-field";
import { DescriptionPair, SaveAndPreviewButtons } from "~/components/forms/editor-parts";
import { FormSection, SectionLegend } from "~/components/forms/form-section";
import {
  TextPair,
  rowTexts,
  TranslationStatus,
  WrittenInField,
  WrittenLanguagesProvider,
  writtenLanguages,
} from "~/components/forms/translation-fields";
import { CheckboxField, SelectField, TextField } from "~/components/ui/form-field";
import { RadioGroupField } from "~/components/ui/radio-group-field";
import { EVENT_TYPES } from "~/lib/event-types";
import { eventSchema, NON_SWIMMER_RULE_MAX } from "~/lib/event-fields";
import { MAX_TEAMS_LIMIT, TEAM_SIZE_LIMIT, TEAMS_PER_ACCOUNT_LIMIT } from "~/lib/forms/event-schema";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";
import type { EventForm, EventFormValues } from "./form-values";
import { PaymentAndRefundFields } from "./payment-refund-fields";
import { FaqsField, ScheduleField } from "./row-fields";
import { QuestionsField } from "./questions-field";
import { TitleAndSlugFields } from "./title-slug-fields";

const validate = validateWith(eventSchema);

type EventFields = ReturnType<EventForm["getFieldset"]>;

/** A label of a shared table, whether it is kept as text or as its message. */
const textOf = (label: string | (() => string)) => (typeof label === "function" ? label() : label);

/** The event types, named in the page's language. */
const typeOptions = () =>
  Object.entries(EVENT_TYPES).map(([value, label]) => ({ value, label: textOf(label) }));

/**
 * Every field of an event, for a new event and an existing one. "Save" and "Save and
 * preview" both send the form (the server checks and sanitizes it); the second then
 * opens the event's preview. What was typed stays after a refusal, with the error
 * summary above the form and each message next to its field.
 */
export function EventEditorForm({
  name,
  action,
  partnerId,
  saved,
  savedImage,
  slugLocked,
  published,
  saveLabel,
  lastResult,
  children,
}: {
  /**
   * The form's name, one per page ("new-event", "edit-event"): going from one page to the
   * other, the new form must not be taken for the old one still on the page.
   */
  name: string;
  /** Where the form is sent: the new-event page or the event's own. */
  action: string;
  /** The partner the event belongs to, whose uploads the cover may use. */
  partnerId: string;
  saved: EventFormValues;
  /** The cover saved now; the upload field keeps what is chosen until the next save. */
  savedImage: ImageRef | null;
  /** A published event's address stays as it is. */
  slugLocked: boolean;
  /** A published event: reviewed changes go to review, and the form says so. */
  published: boolean;
  saveLabel: string;
  lastResult: FormReply | null | undefined;
  /** Hidden fields of the page (the create key). */
  children?: ReactNode;
}) {
  const [form, fields] = useAppForm<EventFormValues>(name, {
    lastResult,
    defaultValue: saved,
    validate,
  });
  return (
    <FormProvider context={form.context}>
      <WrittenLanguagesProvider languages={writtenLanguages(fields.language)}>
        <Form method="post" action={action} {...getFormProps(form)} className="space-y-8">
          {children}
          {published && (
            <p className="rounded-md border border-water-600/30 bg-water-600/5 p-4 text-sm text-slate-800">
              {m.editor_published_note()}
            </p>
          )}
          <FormErrors form={form} className="mt-0" />
          <EventTranslationStatus id={`${form.id}-languages`} fields={fields} />

          <BasicsFields form={form} fields={fields} slugLocked={slugLocked} />
          <WhenFields fields={fields} />
          <WhereFields fields={fields} />
          <PriceAndCapacityFields fields={fields} />
          <DescriptionFields form={form} fields={fields} />
          <ScheduleField form={form} field={fields.schedule} />
          <FaqsField form={form} field={fields.faqs} />
          <QuestionsField form={form} field={fields.rowerQuestions} />
          <CoverImageFields fields={fields} partnerId={partnerId} savedImage={savedImage} />
          <PaymentAndRefundFields
            form={form}
            waysToPay={fields.paymentMethods}
            refundPolicy={fields.refundPolicy}
          />
          <CancellationTermsFields fields={fields} />
          <NonSwimmerFields fields={fields} />

          <SaveAndPreviewButtons
            action={action}
            saveLabel={saveLabel}
            previewLabel={m.editor_save_and_preview()}
            previewPendingLabel={m.editor_saving()}
          />
        </Form>
      </WrittenLanguagesProvider>
    </FormProvider>
  );
}

/** How far the event is translated, following what is typed. */
function EventTranslationStatus({ id, fields }: { id: string; fields: EventFields }) {
  return (
    <TranslationStatus
      id={id}
      texts={[
        { label: m.editor_title(), main: fields.title.value, translation: fields.titleTranslation.value },
        {
          label: m.form_short_description(),
          main: fields.description.value,
          translation: fields.descriptionTranslation.value,
        },
        {
          label: m.editor_detailed_description(),
          main: fields.detailedDescriptionHtml.value,
          translation: fields.detailedDescriptionHtmlTranslation.value,
        },
        {
          label: m.editor_location(),
          main: fields.location.value,
          translation: fields.locationTranslation.value,
        },
        {
          label: m.editor_location_details(),
          main: fields.locationDetails.value,
          translation: fields.locationDetailsTranslation.value,
        },
        {
          label: m.editor_meeting_point(),
          main: fields.meetingPoint.value,
          translation: fields.meetingPointTranslation.value,
        },
        { label: m.editor_schedule(), ...rowTexts(fields.schedule.value, ["activity"]) },
        { label: m.editor_faqs(), ...rowTexts(fields.faqs.value, ["question", "answer"]) },
        {
          label: m.editor_questions(),
          ...rowTexts(
            Array.isArray(fields.rowerQuestions.value)
              ? fields.rowerQuestions.value.flatMap((question) => [question, ...(question?.options ?? [])])
              : [],
            ["label"],
          ),
        },
        { label: m.editor_image(), ...rowTexts(fields.image.value ? [fields.image.value] : [], ["alt"]) },
        {
          label: m.editor_cancellation_terms(),
          main: fields.cancellationTerms.value,
          translation: fields.cancellationTermsTranslation.value,
        },
        {
          label: m.editor_non_swimmer_rule(),
          main: fields.nonSwimmerRule.value,
          translation: fields.nonSwimmerRuleTranslation.value,
        },
      ]}
    />
  );
}

/** The title, its address, the type and the networking flag. */
function BasicsFields({
  form,
  fields,
  slugLocked,
}: {
  form: EventForm;
  fields: EventFields;
  slugLocked: boolean;
}) {
  return (
    <FormSection legend={m.editor_basics()}>
      <WrittenInField field={fields.language} hint={m.editor_written_in_hint()} />
      <TitleAndSlugFields
        key={`${form.id}-${fields.slug.key ?? ""}`}
        title={fields.title}
        titleTranslation={fields.titleTranslation}
        slug={fields.slug}
        locked={slugLocked}
      />
      <SelectField
        field={fields.type}
        label={m.editor_type()}
        options={typeOptions()}
        placeholder={m.editor_type_placeholder()}
        required
      />
      <CheckboxField field={fields.isNetworking} label={m.editor_networking()} className="self-end pb-2" />
    </FormSection>
  );
}

/** Start, end, the registration deadline and the backup date, in Danish time. */
function WhenFields({ fields }: { fields: EventFields }) {
  return (
    <FormSection legend={m.editor_when()}>
      <p className="text-sm text-slate-600 sm:col-span-2">{m.editor_times_note()}</p>
      <TextField field={fields.startsAt} label={m.editor_starts()} type="datetime-local" required />
      <TextField field={fields.endsAt} label={m.editor_ends()} type="datetime-local" required />
      <TextField
        field={fields.registrationDeadline}
        label={m.editor_deadline()}
        type="datetime-local"
        hint={m.editor_deadline_hint()}
        required
      />
      <p className="text-sm text-slate-600 sm:col-span-2">{m.editor_backup_note()}</p>
      <TextField field={fields.backupStartsAt} label={m.editor_backup_starts()} type="datetime-local" />
      <TextField field={fields.backupEndsAt} label={m.editor_backup_ends()} type="datetime-local" />
    </FormSection>
  );
}

/** The place, and how to find it. */
function WhereFields({ fields }: { fields: EventFields }) {
  return (
    <FormSection legend={m.editor_where()}>
      <TextPair
        main={fields.location}
        translation={fields.locationTranslation}
        label={m.editor_location()}
        hint={m.editor_location_hint()}
        required
      />
      <TextPair
        main={fields.locationDetails}
        translation={fields.locationDetailsTranslation}
        label={m.editor_location_details()}
        hint={m.editor_location_details_hint()}
        rows={3}
      />
      <TextPair
        main={fields.meetingPoint}
        translation={fields.meetingPointTranslation}
        label={m.editor_meeting_point()}
        hint={m.editor_meeting_point_hint()}
      />
    </FormSection>
  );
}

/** What a team pays, and how many teams of how many people fit. */
function PriceAndCapacityFields({ fields }: { fields: EventFields }) {
  return (
    <FormSection legend={m.editor_price_capacity()}>
      <TextField
        field={fields.price}
        label={m.editor_price()}
        inputMode="decimal"
        hint={m.editor_price_hint()}
        required
      />
      {/* One currency: kroner, which the price's label names (ADR 035). */}
      <input type="hidden" name={fields.currency.name} value="DKK" />
      <TextField
        field={fields.maxTeams}
        label={m.editor_max_teams()}
        inputMode="numeric"
        hint={m.editor_max_teams_hint({ max: MAX_TEAMS_LIMIT })}
        required
      />
      <TextField
        field={fields.teamSize}
        label={m.editor_team_size()}
        inputMode="numeric"
        hint={m.editor_team_size_hint({ max: TEAM_SIZE_LIMIT })}
        required
      />
      <TextField
        field={fields.maxTeamsPerAccount}
        label={m.editor_teams_per_account()}
        inputMode="numeric"
        hint={m.editor_teams_per_account_hint({ max: TEAMS_PER_ACCOUNT_LIMIT })}
        required
      />
    </FormSection>
  );
}

/** The short description for cards and the rich one for the event page. */
function DescriptionFields({ form, fields }: { form: EventForm; fields: EventFields }) {
  return (
    <FormSection legend={m.editor_description()}>
      <DescriptionPair
        formId={form.id}
        short={fields.description}
        shortTranslation={fields.descriptionTranslation}
        shortHint={m.editor_description_hint()}
        full={fields.detailedDescriptionHtml}
        fullTranslation={fields.detailedDescriptionHtmlTranslation}
        fullLabel={m.editor_detailed_description()}
        fullHint={m.editor_detailed_description_hint()}
      />
    </FormSection>
  );
}

/** The event's cover, picked from the partner's uploads or uploaded here. */
function CoverImageFields({
  fields,
  partnerId,
  savedImage,
}: {
  fields: EventFields;
  partnerId: string;
  savedImage: ImageRef | null;
}) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 sm:p-6">
      <SectionLegend>{m.editor_cover()}</SectionLegend>
      <p className="text-sm text-slate-600">{m.editor_cover_hint()}</p>
      <ImageUploadField
        name="image"
        label={m.editor_image()}
        partnerId={partnerId}
        defaultValue={savedImage}
        error={fields.image.errors?.[0]}
        altError={fields.image.getFieldset().alt.errors?.[0]}
        altTranslationError={fields.image.getFieldset().altTranslation.errors?.[0]}
      />
    </fieldset>
  );
}

/** The event's own cancellation terms, or the site's. */
function CancellationTermsFields({ fields }: { fields: EventFields }) {
  return (
    <FormSection legend={m.editor_cancellation_terms()}>
      <TextPair
        main={fields.cancellationTerms}
        translation={fields.cancellationTermsTranslation}
        label={m.editor_cancellation_terms()}
        hint={m.editor_cancellation_terms_hint()}
        rows={5}
      />
    </FormSection>
  );
}

/** Whether rowers who cannot swim may take part, and the rule they row under (ADR 038). */
function NonSwimmerFields({ fields }: { fields: EventFields }) {
  return (
    <FormSection legend={m.editor_on_the_water()}>
      <RadioGroupField
        field={fields.nonSwimmers}
        legend={m.editor_non_swimmers()}
        options={[
          { value: "with_rule", label: m.editor_non_swimmers_with_rule() },
          { value: "not_allowed", label: m.editor_non_swimmers_not_allowed() },
        ]}
        hint={m.editor_non_swimmers_hint()}
        fallback="with_rule"
        className="sm:col-span-2"
      />
      <TextPair
        main={fields.nonSwimmerRule}
        translation={fields.nonSwimmerRuleTranslation}
        label={m.editor_non_swimmer_rule()}
        hint={m.editor_non_swimmer_rule_hint({ max: NON_SWIMMER_RULE_MAX })}
        rows={3}
      />
    </FormSection>
  );
}
