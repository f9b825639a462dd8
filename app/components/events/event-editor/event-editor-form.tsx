import { FormProvider, getFormProps } from "@conform-to/react";
import type { ImageRef } from "#server/db/schema";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { ImageUploadField } from "~/components/images/image-upload-field";
import { SectionLegend } from "~/components/partners/profile-editor/section-legend";
import { RichTextEditor } from "~/components/rich-text/rich-text-editor";
import { Button } from "~/components/ui/button";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { EVENT_TYPES } from "~/lib/event-types";
import {
  EVENT_CURRENCIES,
  eventSchema,
  MAX_TEAMS_LIMIT,
  TEAM_SIZE_LIMIT,
  TEAMS_PER_ACCOUNT_LIMIT,
} from "~/lib/forms/event-schema";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import type { EventFormValues } from "./form-values";
import { FaqsField, ScheduleField } from "./row-fields";
import { TitleAndSlugFields } from "./title-slug-fields";

const validate = validateWith(eventSchema);

const fieldsetClass = "grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 sm:p-6";

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
  busyIntent,
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
  /** The intent being sent ("save" or "preview"), if any. */
  busyIntent: string | null;
  /** Hidden fields of the page (the create key). */
  children?: ReactNode;
}) {
  const [form, fields] = useAppForm<EventFormValues>(name, {
    lastResult,
    defaultValue: saved,
    validate,
  });
  const image = fields.image;
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

        <fieldset className={fieldsetClass}>
          <SectionLegend>Basics</SectionLegend>
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
        </fieldset>

        <fieldset className={fieldsetClass}>
          <SectionLegend>When</SectionLegend>
          <p className="text-sm text-slate-600 sm:col-span-2">
            Times are in Danish time (Europe/Copenhagen).
          </p>
          <TextField field={fields.startsAt} label="Starts" type="datetime-local" required />
          <TextField field={fields.endsAt} label="Ends" type="datetime-local" required />
          <TextField
            field={fields.registrationDeadline}
            label="Registration deadline"
            type="datetime-local"
            hint="Teams can register and change their booking until then."
            required
          />
        </fieldset>

        <fieldset className={fieldsetClass}>
          <SectionLegend>Where</SectionLegend>
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
        </fieldset>

        <fieldset className={fieldsetClass}>
          <SectionLegend>Price and capacity</SectionLegend>
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
        </fieldset>

        <fieldset className={fieldsetClass}>
          <SectionLegend>Description</SectionLegend>
          <TextAreaField
            field={fields.description}
            label="Short description"
            hint="One or two sentences for event cards and search results (up to 500 characters)"
            rows={3}
            className="sm:col-span-2"
            required
          />
          <div className="sm:col-span-2">
            <RichTextEditor
              key={`${form.id}-${fields.detailedDescriptionHtml.key ?? ""}`}
              field={fields.detailedDescriptionHtml}
              label="Detailed description"
              hint="Shown on the event's Details tab: paragraphs, headings, bold, italic, lists and links."
            />
          </div>
        </fieldset>

        <ScheduleField form={form} field={fields.schedule} />
        <FaqsField form={form} field={fields.faqs} />

        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 sm:p-6">
          <SectionLegend>Cover image</SectionLegend>
          <p className="text-sm text-slate-600">Shown at the top of the event page and on event cards.</p>
          <ImageUploadField
            name="image"
            label="Image"
            partnerId={partnerId}
            defaultValue={savedImage}
            error={image.errors?.[0]}
            altError={image.getFieldset().alt.errors?.[0]}
          />
        </fieldset>

        <fieldset className={fieldsetClass}>
          <SectionLegend>Cancellation terms</SectionLegend>
          <TextAreaField
            field={fields.cancellationTerms}
            label="Cancellation terms"
            hint="Leave empty to use the site's standard terms"
            rows={5}
            className="sm:col-span-2"
            optional
          />
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="save" busyIntent={busyIntent} busyLabel="Saving...">
            {saveLabel}
          </SubmitButton>
          <SubmitButton intent="preview" busyIntent={busyIntent} busyLabel="Saving..." variant="outline">
            Save and preview
          </SubmitButton>
        </div>
      </Form>
    </FormProvider>
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
