import { FormProvider, getFormProps } from "@conform-to/react";
import type { ImageRef } from "#server/db/schema";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { ImageUploadField } from "~/components/images/image-upload-field";
import { DescriptionPair, SaveAndPreviewButtons } from "~/components/forms/editor-parts";
import { FormSection, SectionLegend } from "~/components/forms/form-section";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { EVENT_TYPES } from "~/lib/event-types";
import { eventSchema } from "~/lib/event-fields";
import {
  EVENT_CURRENCIES,
  MAX_TEAMS_LIMIT,
  TEAM_SIZE_LIMIT,
  TEAMS_PER_ACCOUNT_LIMIT,
} from "~/lib/forms/event-schema";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import type { EventForm, EventFormValues } from "./form-values";
import { FaqsField, ScheduleField } from "./row-fields";
import { TitleAndSlugFields } from "./title-slug-fields";

const validate = validateWith(eventSchema);

type EventFields = ReturnType<EventForm["getFieldset"]>;

const TYPE_OPTIONS = Object.entries(EVENT_TYPES).map(([value, label]) => ({ value, label }));
const CURRENCY_OPTIONS = EVENT_CURRENCIES.map((currency) => ({ value: currency, label: currency }));

const PUBLISHED_EVENT_NOTE =
  "Changes to the title, dates, place, price, capacity, description, cover or terms go to review; the published version stays public until they are approved. Schedule, FAQ and teams-per-account changes are published at once.";

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
      <Form method="post" action={action} {...getFormProps(form)} className="space-y-8">
        {children}
        {published && (
          <p className="rounded-md border border-water-600/30 bg-water-600/5 p-4 text-sm text-slate-800">
            {PUBLISHED_EVENT_NOTE}
          </p>
        )}
        <FormErrors form={form} className="mt-0" />

        <BasicsFields form={form} fields={fields} slugLocked={slugLocked} />
        <WhenFields fields={fields} />
        <WhereFields fields={fields} />
        <PriceAndCapacityFields fields={fields} />
        <DescriptionFields form={form} fields={fields} />
        <ScheduleField form={form} field={fields.schedule} />
        <FaqsField form={form} field={fields.faqs} />
        <CoverImageFields fields={fields} partnerId={partnerId} savedImage={savedImage} />
        <CancellationTermsFields fields={fields} />

        <SaveAndPreviewButtons
          action={action}
          saveLabel={saveLabel}
          previewLabel="Save and preview"
          previewPendingLabel="Saving..."
        />
      </Form>
    </FormProvider>
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
    <FormSection legend="Basics">
      <TitleAndSlugFields
        key={`${form.id}-${fields.slug.key ?? ""}`}
        title={fields.title}
        slug={fields.slug}
        locked={slugLocked}
      />
      <SelectField
        field={fields.type}
        label="Type of event"
        options={TYPE_OPTIONS}
        placeholder="Choose a type"
        required
      />
      <CheckboxField
        field={fields.isNetworking}
        label="Networking event (also listed on the Networking page)"
        className="self-end pb-2"
      />
    </FormSection>
  );
}

/** Start, end and the registration deadline, in Danish time. */
function WhenFields({ fields }: { fields: EventFields }) {
  return (
    <FormSection legend="When">
      <p className="text-sm text-slate-600 sm:col-span-2">Times are in Danish time (Europe/Copenhagen).</p>
      <TextField field={fields.startsAt} label="Starts" type="datetime-local" required />
      <TextField field={fields.endsAt} label="Ends" type="datetime-local" required />
      <TextField
        field={fields.registrationDeadline}
        label="Registration deadline"
        type="datetime-local"
        hint="Teams can register and change their booking until then."
        required
      />
    </FormSection>
  );
}

/** The place, and how to find it. */
function WhereFields({ fields }: { fields: EventFields }) {
  return (
    <FormSection legend="Where">
      <TextField
        field={fields.location}
        label="Location"
        hint="City or venue, e.g. Copenhagen"
        className="sm:col-span-2"
        required
      />
      <TextAreaField
        field={fields.locationDetails}
        label="Location details"
        hint="The address, where to meet, parking and the like."
        rows={3}
        className="sm:col-span-2"
        optional
      />
      <TextField
        field={fields.meetingPoint}
        label="Meeting point"
        hint="Where at the venue the teams meet, e.g. At the boathouse's jetty, gate B"
        className="sm:col-span-2"
        optional
      />
    </FormSection>
  );
}

/** What a team pays, and how many teams of how many people fit. */
function PriceAndCapacityFields({ fields }: { fields: EventFields }) {
  return (
    <FormSection legend="Price and capacity">
      <TextField
        field={fields.price}
        label="Price per team"
        inputMode="decimal"
        hint="For example 2500 or 2500.50"
        required
      />
      <SelectField field={fields.currency} label="Currency" options={CURRENCY_OPTIONS} required />
      <TextField
        field={fields.maxTeams}
        label="Maximum number of teams"
        inputMode="numeric"
        hint={`From 1 to ${MAX_TEAMS_LIMIT}`}
        required
      />
      <TextField
        field={fields.teamSize}
        label="Team size"
        inputMode="numeric"
        hint={`People per team, from 1 to ${TEAM_SIZE_LIMIT}`}
        required
      />
      <TextField
        field={fields.maxTeamsPerAccount}
        label="Teams per account"
        inputMode="numeric"
        hint={`The most teams one account may register, confirmed or waitlisted, from 1 to ${TEAMS_PER_ACCOUNT_LIMIT}. A booker who needs more is asked to contact you.`}
        required
      />
    </FormSection>
  );
}

/** The short description for cards and the rich one for the event page. */
function DescriptionFields({ form, fields }: { form: EventForm; fields: EventFields }) {
  return (
    <FormSection legend="Description">
      <DescriptionPair
        formId={form.id}
        short={fields.description}
        shortHint="One or two sentences for event cards and search results (up to 500 characters)"
        full={fields.detailedDescriptionHtml}
        fullLabel="Detailed description"
        fullHint="Shown on the event's Details tab: paragraphs, headings, bold, italic, lists and links."
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
      <SectionLegend>Cover image</SectionLegend>
      <p className="text-sm text-slate-600">Shown at the top of the event page and on event cards.</p>
      <ImageUploadField
        name="image"
        label="Image"
        partnerId={partnerId}
        defaultValue={savedImage}
        error={fields.image.errors?.[0]}
        altError={fields.image.getFieldset().alt.errors?.[0]}
      />
    </fieldset>
  );
}

/** The event's own cancellation terms, or the site's. */
function CancellationTermsFields({ fields }: { fields: EventFields }) {
  return (
    <FormSection legend="Cancellation terms">
      <TextAreaField
        field={fields.cancellationTerms}
        label="Cancellation terms"
        hint="Leave empty to use the site's standard terms"
        rows={5}
        className="sm:col-span-2"
        optional
      />
    </FormSection>
  );
}
